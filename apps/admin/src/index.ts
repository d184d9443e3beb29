export { parseCommand, UsageError, USAGE, type ParsedCommand } from './args.js';
