/** All six print-component emulators at once, for the demo and the browser tests. */
import { type PrintComponentEmulator, type PrintComponentEmulatorOptions, startPrintComponentEmulator } from './emulator.ts';
import { PRINT_COMPONENT_SOURCES, type PrintComponentJob, type PrintComponentSource } from './types.ts';

export interface PrintComponentEmulatorsOptions extends Omit<PrintComponentEmulatorOptions, 'port'> {
  /** Per component; a missing one listens on the real port. 0 alone: every component on a free port. */
  ports?: Partial<Record<PrintComponentSource, number>> | 0;
}

export interface PrintComponentEmulators {
  emulators: Record<PrintComponentSource, PrintComponentEmulator>;
  urls: Record<PrintComponentSource, string>;
  ports: Record<PrintComponentSource, number>;
  /** Every component's jobs, in the order of the sources. */
  jobs(): PrintComponentJob[];
  close(): Promise<void>;
}

export async function startPrintComponentEmulators(opts: PrintComponentEmulatorsOptions = {}): Promise<PrintComponentEmulators> {
  const { ports, ...rest } = opts;
  const started: PrintComponentEmulator[] = [];
  try {
    for (const source of PRINT_COMPONENT_SOURCES) {
      started.push(await startPrintComponentEmulator(source, { ...rest, port: ports === 0 ? 0 : ports?.[source] }));
    }
  } catch (e) {
    // One port taken (a real component running here): leave nothing half-started behind.
    await Promise.all(started.map((s) => s.close()));
    throw e;
  }
  const emulators = Object.fromEntries(started.map((s) => [s.source, s])) as Record<PrintComponentSource, PrintComponentEmulator>;
  const pick = <T>(f: (e: PrintComponentEmulator) => T) => Object.fromEntries(started.map((s) => [s.source, f(s)])) as Record<PrintComponentSource, T>;
  return {
    emulators,
    urls: pick((e) => e.url),
    ports: pick((e) => e.port),
    jobs: () => started.flatMap((s) => s.jobs()),
    close: async () => {
      await Promise.all(started.map((s) => s.close()));
    },
  };
}
