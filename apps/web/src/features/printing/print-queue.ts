/**
 * Runs C-Lodop jobs one at a time. The service refuses a PRINT that arrives while another is
 * running ("It's Working… just a moment."), and PRINT only returns a task id: the outcome comes
 * later through On_Return(taskId, value). So the next job starts only after the previous one's
 * On_Return (labels.md §1). Failures are logged, never shown (SPEC.md §8 "Other print failures").
 */
import type { ClodopLike } from './lodop-loader';

/** One command of the server's 'lodop' render output: the CLODOP method name and its arguments. */
export interface LodopStep {
  fn: string;
  args: (string | number)[];
}

export interface PrintJob {
  steps: LodopStep[];
  /** Printer name; the service's default when absent or unknown. */
  printer?: string;
}

export interface PrintOutcome {
  ok: boolean;
  taskId: string | null;
  /** What On_Return reported: true/false, or a job id when CATCH_PRINT_STATUS is on. */
  value: unknown;
}

/** Only drawing and page commands may come from the server; PRINT, PREVIEW, SET_LICENSES stay ours. */
const ALLOWED_STEP = /^(PRINT_INITA?|SET_PRINT_(PAGESIZE|STYLEA?|MODE|COPIES)|ADD_PRINT_[A-Z]+|NEWPAGEA?)$/;

export interface PrintQueueOptions {
  /** Give up waiting for On_Return after this long, so one lost reply cannot stall the workstation. */
  returnTimeoutMs?: number;
}

export interface PrintQueue {
  print(job: PrintJob): Promise<PrintOutcome>;
  /** Jobs waiting or running. */
  pending(): number;
}

export function createPrintQueue(getClodop: () => ClodopLike | null, opts: PrintQueueOptions = {}): PrintQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let count = 0;

  function run(job: PrintJob): Promise<PrintOutcome> {
    const failed = (why: string, taskId: string | null = null): PrintOutcome => {
      console.warn(`[printing] ${why}`);
      return { ok: false, taskId, value: false };
    };
    const c = getClodop();
    if (!c) return Promise.resolve(failed('C-Lodop is not available'));
    try {
      for (const step of job.steps) {
        const method = c[step.fn];
        if (!ALLOWED_STEP.test(step.fn) || typeof method !== 'function') return Promise.resolve(failed(`unsupported step ${step.fn}`));
        method.apply(c, step.args);
      }
      // After PRINT_INIT(A), which resets the printer choice.
      if (job.printer) {
        const chosen = (c.SET_PRINTER_INDEX as ((p: string) => unknown) | undefined)?.call(c, job.printer);
        if (chosen === false) console.warn(`[printing] printer ${job.printer} not found; printing on the default printer`);
      }
    } catch (e) {
      return Promise.resolve(failed(`building the job failed: ${String(e)}`));
    }
    return new Promise<PrintOutcome>((resolve) => {
      let settled = false;
      let taskId: string | null = null;
      const finish = (o: PrintOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(o);
      };
      const timer = setTimeout(() => finish(failed('no On_Return from C-Lodop in time', taskId)), opts.returnTimeoutMs ?? 60_000);
      c.On_Return_Remain = false;
      c.On_Return = (id, value) => {
        const ok = value !== false && value !== 'false';
        if (!ok) console.warn(`[printing] C-Lodop reported failure for task ${id}: ${String(value)}`);
        finish({ ok, taskId: id, value });
      };
      try {
        const r = c.PRINT?.();
        if (r === false || r === undefined) finish(failed('C-Lodop refused PRINT'));
        else taskId = String(r);
      } catch (e) {
        finish(failed(`PRINT threw: ${String(e)}`));
      }
    });
  }

  return {
    print(job) {
      count++;
      const result = tail.then(() => run(job));
      // The chain continues whatever this job's outcome; run() itself never rejects.
      tail = result.finally(() => {
        count--;
      });
      return result;
    },
    pending: () => count,
  };
}
