export * from './lru.js';
