/** Public entry of @dropship/channels: protocol clients of outside services and their local emulators. */

export * from './alipay/index.ts';
export { type ClodopEmulator, type ClodopEmulatorOptions, type ClodopJob, startClodopEmulator } from './clodop/emulator.ts';
export * from './courier/index.ts';
export * from './marketplace/index.ts';
export * from './print-components/index.ts';
export { createRedBookClient, type RedBookClient, type RedBookShopCheck } from './redbook/client.ts';
export * from './sms/index.ts';
