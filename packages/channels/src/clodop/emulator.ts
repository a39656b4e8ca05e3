/**
 * A local stand-in for C-Lodop, the Windows print service the back-office prints labels through
 * (shared/research/labels.md §1). It serves /CLodopfuncs.js like the real service: a script that
 * defines window.CLODOP / getCLodop() with the printer list embedded, one job at a time, PRINT
 * answering a task id and reporting through On_Return later. Instead of printing, every job's
 * command list is POSTed back here, so a browser test can read what would have been printed.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenOnLoopback, readBody } from '../emulator-http.ts';
import { clodopScript } from './script.ts';

export interface ClodopEmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** CLODOP.CVERSION; set an old one to see the page's upgrade message. */
  version?: string;
  /** Printer names as GET_PRINTER_NAME(i) answers them; the first is the default. */
  printers?: string[];
  /** How long a PRINT takes before On_Return fires. */
  printDelayMs?: number;
}

/** One PRINT as the emulator received it. */
export interface ClodopJob {
  /** Which page's script printed it (one id per loaded CLodopfuncs.js). */
  run?: string;
  taskId: string;
  /** Name of the printer chosen with SET_PRINTER_INDEX, or the default one. */
  printer: string;
  commands: { fn: string; args: unknown[] }[];
  license: { companyName: string; license: string; licenseA: string; licenseB: string } | null;
}

export interface ClodopEmulator {
  url: string;
  port: number;
  jobs(): ClodopJob[];
  /** PRINT calls refused with "It's Working… just a moment." because another job was running. */
  refusals(): number;
  close(): Promise<void>;
}

/** The page's sequence number in a task id ("T…_7"). */
const seqOf = (taskId: string) => Number(/_(\d+)$/.exec(taskId)?.[1] ?? 0);

/**
 * Jobs in the order the page printed them: each job's report is a fetch of its own, and on a busy
 * machine a later one can arrive first. A job goes before the reports of the same page (the same
 * script `run`) that carry a higher sequence number.
 */
const sameRun = (a: ClodopJob, b: ClodopJob) => a.run !== undefined && a.run === b.run;
function placeInOrder(jobs: ClodopJob[], job: ClodopJob) {
  let at = jobs.length;
  while (at > 0 && sameRun(jobs[at - 1] as ClodopJob, job) && seqOf((jobs[at - 1] as ClodopJob).taskId) > seqOf(job.taskId)) at--;
  jobs.splice(at, 0, job);
}

export const DEFAULT_PRINTERS = ['Deli DL-888T', 'Xprinter XP-420B', 'Microsoft Print to PDF'];

export async function startClodopEmulator(opts: ClodopEmulatorOptions = {}): Promise<ClodopEmulator> {
  const version = opts.version ?? '6.6.1.0';
  const printers = opts.printers ?? DEFAULT_PRINTERS;
  const jobs: ClodopJob[] = [];
  let refusals = 0;

  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    // The page posting jobs back lives on another origin (the back-office host); the real service answers any origin too.
    res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
    res.end(body);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      if (req.method === 'GET' && url.pathname === '/CLodopfuncs.js') {
        // Jobs go back to the address the page reached us on, whatever name it used for this host.
        const base = `http://${req.headers.host ?? `127.0.0.1:${(server.address() as AddressInfo).port}`}`;
        return send(
          res,
          200,
          'application/javascript; charset=utf-8',
          clodopScript({ version, printers, jobsUrl: `${base}/jobs`, printDelayMs: opts.printDelayMs ?? 30 }),
        );
      }
      if (req.method === 'POST' && url.pathname === '/jobs') {
        placeInOrder(jobs, JSON.parse(await readBody(req)) as ClodopJob);
        return send(res, 200, 'application/json', '{"ok":true}');
      }
      if (req.method === 'POST' && url.pathname === '/refusals') {
        refusals++;
        return send(res, 200, 'application/json', '{"ok":true}');
      }
      if (req.method === 'GET' && url.pathname === '/jobs') return send(res, 200, 'application/json', JSON.stringify(jobs));
      return send(res, 404, 'text/plain', 'not found');
    } catch (e) {
      return send(res, 400, 'text/plain', String(e));
    }
  });
  const port = await listenOnLoopback(server, opts.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    jobs: () => jobs.slice(),
    refusals: () => refusals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
