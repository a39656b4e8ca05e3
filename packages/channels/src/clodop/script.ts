/**
 * The text of the emulated CLodopfuncs.js. Plain ES5 in a string, because it runs in the page
 * (or a test's jsdom / vm context), not in Node. It keeps the real service's observable rules:
 * commands accumulate between PRINT_INIT(A) and PRINT; PRINT returns a task id at once and the
 * outcome arrives later through On_Return(taskId, true); On_Return is cleared after one call unless
 * On_Return_Remain is set; a second PRINT before the first returned is refused with an alert.
 */
export interface ClodopScriptOptions {
  version: string;
  printers: string[];
  jobsUrl: string;
  printDelayMs: number;
}

export function clodopScript(o: ClodopScriptOptions): string {
  const cfg = JSON.stringify({ version: o.version, printers: o.printers, jobsUrl: o.jobsUrl, delay: o.printDelayMs });
  return `/* C-Lodop emulator (@dropship/channels) */
(function (root) {
  var cfg = ${cfg};
  var w = root;
  var commands = [];
  var license = null;
  var printer = -1;
  var working = false;
  var seq = 0;
  // One page's script: its jobs are put back in sequence order by the emulator (reports can overtake).
  var run = Math.random().toString(36).slice(2, 10);
  var post = function (path, body) {
    var f = w.fetch || (typeof fetch !== 'undefined' ? fetch : null);
    if (!f) return;
    f(cfg.jobsUrl.replace(/\\/jobs$/, path), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) })
      .catch(function () {});
  };
  var record = function (fn) {
    return function () {
      commands.push({ fn: fn, args: Array.prototype.slice.call(arguments) });
      return true;
    };
  };
  var printerIndex = function (v) {
    if (v === -1 || v === '-1') return -1;
    if (typeof v === 'number' || /^\\d+$/.test(String(v))) {
      var i = Number(v);
      return i >= 0 && i < cfg.printers.length ? i : null;
    }
    var at = cfg.printers.indexOf(String(v));
    return at >= 0 ? at : null;
  };
  var C = {
    CVERSION: cfg.version,
    VERSION: cfg.version,
    HTTPS_STATUS: 0,
    Printers: { default: cfg.printers[0] || '', list: cfg.printers.slice() },
    webskt: { readyState: 1 },
    On_Return: null,
    On_Return_Remain: false,
    blWorking: false,
    SET_LICENSES: function (companyName, lic, licA, licB) {
      license = { companyName: companyName, license: lic, licenseA: licA, licenseB: licB };
      return true;
    },
    PRINT_INIT: function (task) {
      commands = [{ fn: 'PRINT_INIT', args: [task] }];
      printer = -1;
      return true;
    },
    PRINT_INITA: function (top, left, width, height, task) {
      commands = [{ fn: 'PRINT_INITA', args: [top, left, width, height, task] }];
      printer = -1;
      return true;
    },
    SET_PRINT_PAGESIZE: record('SET_PRINT_PAGESIZE'),
    SET_PRINT_MODE: record('SET_PRINT_MODE'),
    SET_PRINT_COPIES: record('SET_PRINT_COPIES'),
    ADD_PRINT_TEXT: record('ADD_PRINT_TEXT'),
    ADD_PRINT_TEXTA: record('ADD_PRINT_TEXTA'),
    ADD_PRINT_HTM: record('ADD_PRINT_HTM'),
    ADD_PRINT_BARCODE: record('ADD_PRINT_BARCODE'),
    ADD_PRINT_LINE: record('ADD_PRINT_LINE'),
    ADD_PRINT_IMAGE: record('ADD_PRINT_IMAGE'),
    ADD_PRINT_RECT: record('ADD_PRINT_RECT'),
    SET_PRINT_STYLE: record('SET_PRINT_STYLE'),
    SET_PRINT_STYLEA: record('SET_PRINT_STYLEA'),
    NEWPAGE: record('NEWPAGE'),
    NEWPAGEA: record('NEWPAGEA'),
    SET_PRINTER_INDEX: function (v) {
      var i = printerIndex(v);
      if (i === null) return false;
      printer = i;
      commands.push({ fn: 'SET_PRINTER_INDEX', args: [v] });
      return true;
    },
    GET_PRINTER_COUNT: function () {
      return cfg.printers.length;
    },
    GET_PRINTER_NAME: function (i) {
      if (i === -1 || i === '-1') return cfg.printers[0] || '';
      return cfg.printers[Number(i)] || '';
    },
    PRINT: function () {
      if (working) {
        post('/refusals', {});
        try { if (w.alert) w.alert("It's Working… just a moment."); } catch (e) {}
        return false;
      }
      working = true;
      C.blWorking = true;
      var taskId = 'T' + Date.now().toString(36) + '_' + ++seq;
      post('/jobs', { run: run, taskId: taskId, printer: cfg.printers[printer < 0 ? 0 : printer] || '', commands: commands, license: license });
      commands = [];
      setTimeout(function () {
        working = false;
        C.blWorking = false;
        var cb = C.On_Return;
        if (!C.On_Return_Remain) C.On_Return = null;
        if (typeof cb === 'function') cb(taskId, true);
      }, cfg.delay);
      return taskId;
    }
  };
  w.CLODOP = C;
  w.getCLodop = function () { return C; };
})(typeof window !== 'undefined' ? window : globalThis);
`;
}
