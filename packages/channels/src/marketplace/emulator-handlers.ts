/**
 * The channels the marketplace emulator serves. Each handler lives in src/<channel>/emulator.ts.
 * To add a channel: import its handler and add it to the list (one line each).
 */
import { jdHandler } from '../jd/emulator.ts';
import { kmEmulator } from '../km/emulator.ts';
import { kuaishouEmulator } from '../kuaishou/emulator.ts';
import { pddHandler } from '../pdd/emulator.ts';
import { redBookEmulator } from '../redbook/emulator.ts';
import { taobaoHandler } from '../taobao/emulator.ts';
import { tiktokHandler } from '../tiktok/emulator.ts';
import { wdtEmulator } from '../wdt/emulator.ts';
import { weidianHandler } from '../weidian/emulator.ts';
import type { ChannelEmulatorHandler } from './emulator-types.ts';

export const EMULATOR_HANDLERS: ChannelEmulatorHandler[] = [
  // ---- channels A: TAOBAO, JD, PDD, TIKTOK, WEIDIAN ----
  taobaoHandler,
  pddHandler,
  jdHandler,
  tiktokHandler,
  weidianHandler,
  // ---- channels B: KUAISHOU, REDBOOK, KM, WDT (add below) ----
  kuaishouEmulator,
  redBookEmulator,
  kmEmulator,
  wdtEmulator,
];
