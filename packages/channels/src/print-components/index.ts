/** Public entry of the platform print-component emulators. */
export { DEFAULT_COMPONENT_PRINTERS, type PrintComponentEmulator, type PrintComponentEmulatorOptions, startPrintComponentEmulator } from './emulator.ts';
export { platformOfTemplate } from './platform-of.ts';
export { type PrintComponentEmulators, type PrintComponentEmulatorsOptions, startPrintComponentEmulators } from './start-all.ts';
export * from './types.ts';
