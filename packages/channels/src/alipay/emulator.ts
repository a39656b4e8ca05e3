/**
 * A local stand-in for the Alipay open-platform gateway, speaking the same protocol as
 * openapi.alipay.com/gateway.do: GET for the page/wap cashier, POST for query / refund / transfer,
 * app signatures checked with the app's public key, answers and async notifies signed with an
 * "Alipay" private key, notifies retried on Alipay's schedule until the receiver answers `success`.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { listenOnLoopback, readBody } from '../emulator-http.ts';
import { cashierPage, errorPage, paidPage } from './cashier.ts';
import {
  applyRefund,
  applyTransfer,
  businessError,
  type EmulatorTrade,
  type EmulatorTransfer,
  type GatewayNode,
  newTradeNo,
  queryAnswer,
  SUCCESS,
  signedAnswer,
} from './emulator-state.ts';
import { fenToYuan, yuanToFen } from './money.ts';
import { type EmulatorRoyaltyRelation, newRoyaltyBook, ROYALTY_METHODS, type RoyaltyBook, royaltyAnswer } from './royalty-emulator.ts';
import { applySettle, type EmulatorSettlement, royaltyRefundPlan, settleQuery } from './settle-emulator.ts';
import { alipayTimestamp, loadPrivateKey, loadPublicKey, parseAlipayTimestamp, rsa2Verify, signCallbackParams, signContent } from './sign.ts';

/** Alipay retries an unanswered notify after 4m, 10m, 10m, 1h, 2h, 6h, 15h (8 tries in about 25 h). */
export const ALIPAY_NOTIFY_RETRY_SCHEDULE_MS = [4, 10, 10, 60, 120, 360, 900].map((m) => m * 60_000);
export const ALIPAY_EMULATOR_APP_ID = '2021000000000001';
const SELLER_ID = '2088101117955611';

export type AlipayEmulatorFailure = 'service_unavailable' | 'bad_signature' | 'slow' | 'insufficient_permission';
/** Faults of alipay.trade.order.settle alone: `fail` answers "system busy" (a retry may succeed), `delay` leaves the settlement PROCESSING for `times` queries. */
export type AlipaySettleFault = 'fail' | 'delay';

export interface AlipayEmulatorOptions {
  port?: number;
  /** The app_id requests must carry. Default ALIPAY_EMULATOR_APP_ID. */
  appId?: string;
  /** Verifies the app's request signatures. */
  appPublicKeyPem: string;
  /** Signs answers, return_url redirects and notifies (the client's alipayPublicKeyPem is its public half). */
  alipayPrivateKeyPem: string;
  /** Delays between notify tries; default ALIPAY_NOTIFY_RETRY_SCHEDULE_MS. Tests pass milliseconds. */
  notifyRetryScheduleMs?: number[];
  /** When set, transfers only succeed to these logon ids with these real names. */
  payees?: Record<string, string>;
  /**
   * A JSON file that keeps the relation set and the settlements across restarts (the demo's data
   * dir), as Alipay keeps them whatever happens to our process. Trades are not kept.
   */
  stateFile?: string;
  now?: () => Date;
}

export interface AlipayNotifyAttempt {
  outTradeNo: string;
  notifyId: string;
  attempt: number;
  /** The receiver's HTTP status and body, or the network error. */
  status: number | 'error';
  answer: string;
  accepted: boolean;
}

export interface AlipayEmulator {
  /** The gateway URL, to use as the client's `gateway`. */
  url: string;
  port: number;
  trades(): EmulatorTrade[];
  transfers(): EmulatorTransfer[];
  /** The split-ledger relation set (alipay.trade.royalty.relation.*). */
  royaltyRelations(): EmulatorRoyaltyRelation[];
  /** alipay.trade.order.settle results, with what refunds gave back. */
  settlements(): EmulatorSettlement[];
  /** Makes the next `times` (default 1) settle calls fail (system busy) or stay PROCESSING for `times` queries; null resets. */
  setSettleFault(kind: AlipaySettleFault | null, opts?: { times?: number }): void;
  notifyLog(): AlipayNotifyAttempt[];
  /** Makes the next `times` gateway POSTs (default: all until reset with null) fail this way. */
  setFailure(kind: AlipayEmulatorFailure | null, opts?: { times?: number; delayMs?: number }): void;
  close(): Promise<void>;
}

type Checked = { ok: true; params: Record<string, string>; biz: Record<string, unknown> } | { ok: false; node: GatewayNode };

const invalid = (subCode: string, subMsg: string, code = '40002'): Checked => ({
  ok: false,
  node: { code, msg: code === '40001' ? 'Missing Required Arguments' : 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg },
});

export async function startAlipayEmulator(opts: AlipayEmulatorOptions): Promise<AlipayEmulator> {
  const appId = opts.appId ?? ALIPAY_EMULATOR_APP_ID;
  const appKey = loadPublicKey(opts.appPublicKeyPem);
  const alipayKey = loadPrivateKey(opts.alipayPrivateKeyPem);
  const schedule = opts.notifyRetryScheduleMs ?? ALIPAY_NOTIFY_RETRY_SCHEDULE_MS;
  const now = opts.now ?? (() => new Date());
  const stamp = () => alipayTimestamp(now());
  const trades = new Map<string, EmulatorTrade>();
  const transfers = new Map<string, EmulatorTransfer>();
  const royalty = newRoyaltyBook();
  const settlements = new Map<string, EmulatorSettlement>();
  loadState(opts.stateFile, royalty, settlements);
  const save = () => saveState(opts.stateFile, royalty, settlements);
  let settleFault: { kind: AlipaySettleFault; times: number } | null = null;
  const log: AlipayNotifyAttempt[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let failure: { kind: AlipayEmulatorFailure; times: number; delayMs: number } | null = null;
  let closed = false;

  /** The gateway's common checks, in the order Alipay reports them. */
  function check(params: Record<string, string>): Checked {
    if (!params.app_id) return invalid('isv.missing-app-id', '缺少AppID参数', '40001');
    if (params.app_id !== appId) return invalid('isv.invalid-app-id', '无效的AppID参数');
    if (!params.method) return invalid('isv.missing-method', '缺少方法名参数', '40001');
    if (!params.sign) return invalid('isv.missing-signature', '缺少签名参数', '40001');
    if (params.sign_type !== 'RSA2') return invalid('isv.invalid-signature-type', '无效签名类型');
    if ((params.charset ?? '').toLowerCase() !== 'utf-8') return invalid('isv.invalid-charset', '字符集错误');
    if (params.version !== '1.0') return invalid('isv.invalid-version', '无效的版本号');
    const ts = parseAlipayTimestamp(params.timestamp ?? '');
    if (!ts || Math.abs(ts.getTime() - now().getTime()) > 10 * 60_000) return invalid('isv.invalid-timestamp', '非法的时间戳参数');
    if (!rsa2Verify(signContent(params, ['sign']), params.sign, appKey)) {
      return invalid('isv.invalid-signature', '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配');
    }
    try {
      const biz = JSON.parse(params.biz_content ?? '') as unknown;
      if (!biz || typeof biz !== 'object' || Array.isArray(biz)) throw new Error('not an object');
      return { ok: true, params, biz: biz as Record<string, unknown> };
    } catch {
      return invalid('isv.invalid-parameter', '参数无效：biz_content 不是合法的 JSON');
    }
  }

  function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
    res.end(body);
  }

  const PAY_PRODUCTS: Record<string, string> = { 'alipay.trade.page.pay': 'FAST_INSTANT_TRADE_PAY', 'alipay.trade.wap.pay': 'QUICK_WAP_WAY' };

  /** GET /gateway.do: a page/wap pay request opens the cashier. */
  function openCashier(params: Record<string, string>, res: ServerResponse) {
    const html = 'text/html; charset=utf-8';
    const c = check(params);
    if (!c.ok) return send(res, 400, html, errorPage(c.node.sub_code ?? c.node.code, c.node.sub_msg ?? c.node.msg));
    const product = PAY_PRODUCTS[params.method ?? ''];
    if (!product) return send(res, 400, html, errorPage('isv.invalid-method', `不支持以 GET 调用的方法：${params.method}`));
    const { out_trade_no, total_amount, subject, product_code, passback_params } = c.biz as Record<string, string | undefined>;
    const fen = typeof total_amount === 'string' ? yuanToFen(total_amount) : null;
    if (!out_trade_no || out_trade_no.length > 64) return send(res, 400, html, errorPage('isv.invalid-parameter', '参数无效：out_trade_no'));
    if (fen === null || fen < 1 || fen > 10_000_000_000) return send(res, 400, html, errorPage('isv.invalid-parameter', '参数无效：total_amount'));
    if (!subject) return send(res, 400, html, errorPage('isv.missing-parameter', '缺少必选参数：subject'));
    if (product_code !== product) return send(res, 400, html, errorPage('isv.invalid-parameter', `product_code 应为 ${product}`));
    let trade = trades.get(out_trade_no);
    if (trade && trade.status !== 'WAIT_BUYER_PAY') return send(res, 200, html, errorPage('ACQ.TRADE_HAS_SUCCESS', '该笔订单已支付，请勿重复付款'));
    if (trade && trade.totalAmountFen !== fen) return send(res, 400, html, errorPage('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改'));
    if (!trade) {
      trade = {
        outTradeNo: out_trade_no,
        tradeNo: newTradeNo(stamp(), trades.size + 1),
        method: params.method ?? '',
        subject,
        totalAmountFen: fen,
        status: 'WAIT_BUYER_PAY',
        gmtCreate: stamp(),
        refundedFen: 0,
        refunds: {},
      };
      trades.set(out_trade_no, trade);
    }
    // The last request's URLs win, as with a re-opened cashier.
    trade.notifyUrl = params.notify_url || undefined;
    trade.returnUrl = params.return_url || undefined;
    trade.passbackParams = passback_params;
    return send(res, 200, html, cashierPage(trade));
  }

  /** POST /cashier/pay: the buyer pays; redirect back and start the notify chain. */
  function pay(form: URLSearchParams, res: ServerResponse) {
    const trade = trades.get(form.get('out_trade_no') ?? '');
    if (!trade) return send(res, 404, 'text/html; charset=utf-8', errorPage('ACQ.TRADE_NOT_EXIST', '交易不存在'));
    if (trade.status === 'WAIT_BUYER_PAY') {
      trade.status = 'TRADE_SUCCESS';
      trade.gmtPayment = stamp();
      startNotify(trade);
    }
    if (!trade.returnUrl) return send(res, 200, 'text/html; charset=utf-8', paidPage(trade));
    const back = signCallbackParams(
      {
        charset: 'utf-8',
        out_trade_no: trade.outTradeNo,
        method: `${trade.method}.return`,
        total_amount: fenToYuan(trade.totalAmountFen),
        trade_no: trade.tradeNo,
        auth_app_id: appId,
        version: '1.0',
        app_id: appId,
        sign_type: 'RSA2',
        seller_id: SELLER_ID,
        timestamp: stamp(),
      },
      alipayKey,
    );
    const target = new URL(trade.returnUrl);
    for (const [k, v] of Object.entries(back)) target.searchParams.set(k, v);
    return send(res, 302, 'text/plain; charset=utf-8', '', { location: target.toString() });
  }

  function startNotify(trade: EmulatorTrade) {
    if (!trade.notifyUrl) return;
    const notifyId = `2026${Date.now().toString(36)}${trade.tradeNo.slice(-8)}`;
    const attemptAt = (attempt: number) => {
      if (closed) return;
      const amount = fenToYuan(trade.totalAmountFen);
      const params = signCallbackParams(
        {
          gmt_create: trade.gmtCreate,
          charset: 'utf-8',
          gmt_payment: trade.gmtPayment,
          notify_time: stamp(),
          subject: trade.subject,
          buyer_id: '2088102177846880',
          invoice_amount: amount,
          version: '1.0',
          notify_id: notifyId,
          notify_type: 'trade_status_sync',
          out_trade_no: trade.outTradeNo,
          total_amount: amount,
          trade_status: 'TRADE_SUCCESS',
          trade_no: trade.tradeNo,
          auth_app_id: appId,
          receipt_amount: amount,
          point_amount: '0.00',
          app_id: appId,
          buyer_pay_amount: amount,
          seller_id: SELLER_ID,
          sign_type: 'RSA2',
          passback_params: trade.passbackParams,
        },
        alipayKey,
      );
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') body.set(k, v);
      const entry: AlipayNotifyAttempt = { outTradeNo: trade.outTradeNo, notifyId, attempt: attempt + 1, status: 'error', answer: '', accepted: false };
      fetch(trade.notifyUrl ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: body.toString(),
        signal: AbortSignal.timeout(15_000),
      })
        .then(async (r) => {
          entry.status = r.status;
          entry.answer = await r.text();
        })
        .catch((e: unknown) => {
          entry.answer = String(e);
        })
        .finally(() => {
          // Only the exact text `success` stops the retries.
          entry.accepted = entry.answer === 'success';
          log.push(entry);
          const delay = schedule[attempt];
          if (entry.accepted || delay === undefined || closed) return;
          const timer = setTimeout(() => {
            timers.delete(timer);
            attemptAt(attempt + 1);
          }, delay);
          timers.add(timer);
        });
    };
    attemptAt(0);
  }

  const tradeByNo = (tradeNo: unknown) => [...trades.values()].find((t) => t.tradeNo === tradeNo);

  function settle(biz: Record<string, unknown>): GatewayNode {
    const fault = settleFault;
    if (fault?.kind === 'fail') {
      fault.times--;
      if (fault.times <= 0) settleFault = null;
      return { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error', sub_msg: '系统繁忙' };
    }
    const delay = fault?.kind === 'delay' ? fault.times : 0;
    if (fault?.kind === 'delay') settleFault = null;
    const node = applySettle(settlements, royalty, tradeByNo(biz.trade_no), biz, stamp(), delay);
    save();
    return node;
  }

  /** A refund carrying refund_royalty_parameters takes the receivers' split back before the buyer's money moves. */
  function refund(biz: Record<string, unknown>): GatewayNode {
    const trade = trades.get(String(biz.out_trade_no ?? ''));
    // A repeated out_request_no is answered by applyRefund as it was the first time.
    const repeat = trade !== undefined && typeof biz.out_request_no === 'string' && biz.out_request_no in trade.refunds;
    const plan = repeat ? null : royaltyRefundPlan(settlements, trade, biz);
    if (plan && 'code' in plan) return plan;
    const node = applyRefund(trade, biz, stamp());
    if (plan && node.code === SUCCESS.code && node.fund_change === 'Y') {
      plan.apply();
      save();
    }
    return node;
  }

  /** POST /gateway.do: the JSON APIs. */
  async function api(params: Record<string, string>, res: ServerResponse) {
    const method = params.method ?? '';
    const json = 'application/json; charset=utf-8';
    const f = failure;
    if (f) {
      f.times--;
      if (f.times <= 0) failure = null;
      if (f.kind === 'slow') await new Promise((r) => setTimeout(r, f.delayMs));
      if (f.kind === 'service_unavailable') {
        return send(
          res,
          200,
          json,
          signedAnswer(method, { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error', sub_msg: '系统繁忙' }, alipayKey),
        );
      }
      if (f.kind === 'insufficient_permission') {
        const node = {
          code: '40006',
          msg: 'Insufficient Permissions',
          sub_code: 'isv.insufficient-isv-permissions',
          sub_msg: 'ISV权限不足，建议在开发者中心检查对应功能是否已经添加',
        };
        return send(res, 200, json, signedAnswer(method, node, alipayKey));
      }
    }
    const c = check(params);
    // Like Alipay, a request we cannot attribute to the app gets an unsigned error_response.
    if (!c.ok) return send(res, 200, json, signedAnswer('error', c.node, null));
    let node: GatewayNode;
    if (method === 'alipay.trade.query') node = queryAnswer(trades.get(String(c.biz.out_trade_no ?? '')));
    else if (method === 'alipay.trade.refund') node = refund(c.biz);
    else if (method === 'alipay.fund.trans.uni.transfer') node = applyTransfer(transfers, c.biz, opts.payees, stamp());
    else if (ROYALTY_METHODS.includes(method)) {
      node = royaltyAnswer(royalty, method, c.biz, opts.payees);
      save();
    } else if (method === 'alipay.trade.order.settle') node = settle(c.biz);
    else if (method === 'alipay.trade.order.settle.query') {
      node = settleQuery(settlements, c.biz);
      save();
    } else node = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' };
    if (node.code === '40004' && !node.sub_code) node = businessError('UNKNOWN', '未知错误');
    return send(res, 200, json, signedAnswer(method, node, alipayKey, f?.kind === 'bad_signature'));
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      if (url.pathname === '/gateway.do' && req.method === 'GET') return openCashier(Object.fromEntries(url.searchParams), res);
      if (url.pathname === '/gateway.do' && req.method === 'POST') {
        // Common params may come in the query string (Alipay's SDKs do that) and the rest in the form body.
        const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(await readBody(req))) };
        return await api(params, res);
      }
      if (url.pathname === '/cashier/pay' && req.method === 'POST') return pay(new URLSearchParams(await readBody(req)), res);
      return send(res, 404, 'text/plain; charset=utf-8', 'not found');
    } catch (e) {
      return send(res, 500, 'text/plain; charset=utf-8', String(e));
    }
  });
  const port = await listenOnLoopback(server, opts.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}/gateway.do`,
    port,
    trades: () => [...trades.values()].map((t) => ({ ...t, refunds: { ...t.refunds } })),
    transfers: () => [...transfers.values()],
    royaltyRelations: () => [...royalty.relations.values()].map((r) => ({ ...r })),
    settlements: () => [...settlements.values()].map((x) => ({ ...x, receivers: x.receivers.map((r) => ({ ...r })), reversedFen: { ...x.reversedFen } })),
    setSettleFault(kind, o = {}) {
      settleFault = kind ? { kind, times: o.times ?? 1 } : null;
    },
    notifyLog: () => log.slice(),
    setFailure(kind, o = {}) {
      failure = kind ? { kind, times: o.times ?? Number.POSITIVE_INFINITY, delayMs: o.delayMs ?? 3_000 } : null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface SavedState {
  relations: [string, EmulatorRoyaltyRelation][];
  requests: [string, string][];
  settlements: EmulatorSettlement[];
}

function loadState(file: string | undefined, royalty: RoyaltyBook, settlements: Map<string, EmulatorSettlement>) {
  if (!file) return;
  let saved: SavedState;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as SavedState;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new Error(`支付宝模拟器状态文件无法读取：${file}`, { cause: e });
  }
  for (const [k, v] of saved.relations ?? []) royalty.relations.set(k, v);
  for (const [k, v] of saved.requests ?? []) royalty.requests.set(k, v);
  for (const s of saved.settlements ?? []) settlements.set(s.outRequestNo, s);
}

/** Written whole to a temporary file and renamed, so a crash never leaves half a state. */
function saveState(file: string | undefined, royalty: RoyaltyBook, settlements: Map<string, EmulatorSettlement>) {
  if (!file) return;
  const state: SavedState = { relations: [...royalty.relations], requests: [...royalty.requests], settlements: [...settlements.values()] };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}
