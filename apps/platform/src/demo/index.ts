export { ReplayClock } from './replay-clock.js';
export { ensureDemoWorkspace, type DemoWorkspace } from './seed-demo.js';
export { demoLines, demoRequested, openDemoWorkspace } from './demo-start.js';
