/**
 * Alipay open-platform client (API v2 gateway, public-key mode, RSA2). Pay pages are signed URLs the
 * browser opens; query / refund / transfer are signed form POSTs whose answers are signature-checked;
 * async notifies are verified with Alipay's public key. Points at the real gateway or the local
 * emulator (./emulator.ts) by `gateway` alone.
 */
import type { KeyObject } from 'node:crypto';
import { AlipayError, errorFromGateway } from './errors.ts';
import { fenToYuan, yuanToFen } from './money.ts';
import { rawJsonValue, responseKey } from './response.ts';
import { type AlipayParams, alipayTimestamp, loadPrivateKey, loadPublicKey, rsa2Verify, signParams, verifyCallbackParams } from './sign.ts';

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipayClientOptions {
  appId: string;
  /** The app's RSA private key: PKCS#8 or PKCS#1 PEM (or the bare Base64 the console shows). */
  privateKeyPem: string;
  /** Alipay's public key (PEM, bare Base64, or Alipay's public-key certificate). */
  alipayPublicKeyPem: string;
  /** e.g. https://openapi.alipay.com/gateway.do, or the emulator's url. */
  gateway: string;
  notifyUrl?: string;
  returnUrl?: string;
  /** Cert mode: the SNs Alipay's tools compute from the app cert and the root cert (fund transfer needs cert mode). */
  appCertSn?: string;
  alipayRootCertSn?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Waits before the 2nd and 3rd try (network errors and 20000 only). Default [300, 1000]. */
  retryDelaysMs?: number[];
  /** Per-try timeout of a gateway POST. Default 15 s. */
  timeoutMs?: number;
}

export type AlipayPayMethod = 'alipay.trade.page.pay' | 'alipay.trade.wap.pay';
export type AlipayTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS' | 'TRADE_FINISHED';

export interface AlipayPayInput {
  outTradeNo: string;
  totalAmountFen: number;
  subject: string;
  /** Optional extras: goods description, "30m" style timeout, opaque value echoed in the notify. */
  body?: string;
  timeoutExpress?: string;
  passbackParams?: string;
}

export interface AlipayNotify {
  outTradeNo: string;
  tradeNo: string;
  totalAmountFen: number;
  tradeStatus: AlipayTradeStatus;
  /** TRADE_SUCCESS or TRADE_FINISHED. */
  paid: boolean;
  appId: string;
  notifyId: string;
  gmtPayment?: string;
  /** What was passed as passbackParams, decoded. */
  passbackParams?: string;
}

export interface AlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  tradeStatus: AlipayTradeStatus;
  totalAmountFen: number;
}

export interface AlipayRefundResult {
  outTradeNo: string;
  tradeNo: string;
  /** false when Alipay already refunded this out_request_no (an idempotent repeat). */
  fundChange: boolean;
  /** Total refunded on the trade so far, in fen. */
  refundFeeFen: number;
}

export interface AlipayTransferResult {
  outBizNo: string;
  orderId: string;
  payFundOrderId: string;
  status: string;
  transDate: string;
}

export interface AlipayClient {
  readonly appId: string;
  /** Signed GET URL of the gateway for the page (PC) or wap (mobile browser) cashier. */
  pagePayUrl(input: AlipayPayInput & { method: AlipayPayMethod }): string;
  /** Signed order string the Alipay app SDK takes (alipay.trade.app.pay). */
  appPayOrderString(input: AlipayPayInput): string;
  /** RSA2 check of an async notify (or return_url query) with Alipay's public key. */
  verifyNotify(params: Record<string, string>): boolean;
  /** Verifies and reads a notify; throws AlipayError('bad_signature' | 'invalid_notify'). The caller compares the amount with its order. */
  parseNotify(params: Record<string, string>, opts?: { expectedAppId?: string }): AlipayNotify;
  query(outTradeNo: string): Promise<AlipayTrade>;
  /** Idempotent by outRequestNo on Alipay's side, which makes the retries safe. */
  refund(input: { outTradeNo: string; refundAmountFen: number; outRequestNo: string; reason?: string }): Promise<AlipayRefundResult>;
  /** Withdrawal to an Alipay account (logon id); idempotent by outBizNo. */
  transfer(input: {
    outBizNo: string;
    amountFen: number;
    payeeAccount: string;
    payeeName: string;
    orderTitle?: string;
    remark?: string;
  }): Promise<AlipayTransferResult>;
  /** One signed gateway POST for a method without its own helper here (see ./royalty.ts): the answer node, signature checked, retried like the others. */
  execute(method: string, biz: Record<string, unknown>): Promise<Record<string, unknown>>;
}

const PRODUCT_CODES: Record<AlipayPayMethod | 'alipay.trade.app.pay', string> = {
  'alipay.trade.page.pay': 'FAST_INSTANT_TRADE_PAY',
  'alipay.trade.wap.pay': 'QUICK_WAP_WAY',
  'alipay.trade.app.pay': 'QUICK_MSECURITY_PAY',
};
const TRADE_STATUSES: readonly string[] = ['WAIT_BUYER_PAY', 'TRADE_CLOSED', 'TRADE_SUCCESS', 'TRADE_FINISHED'];

/** Alipay wants passback_params URL-encoded and echoes it back as sent. */
function decodePassback(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function createAlipayClient(opts: AlipayClientOptions): AlipayClient {
  const privateKey: KeyObject = loadPrivateKey(opts.privateKeyPem);
  const alipayKey: KeyObject = loadPublicKey(opts.alipayPublicKeyPem);
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? (() => new Date());
  const retryDelays = opts.retryDelaysMs ?? [300, 1000];
  const timeoutMs = opts.timeoutMs ?? 15_000;

  function signed(method: string, biz: Record<string, unknown>, extra: AlipayParams = {}) {
    return signParams(
      {
        app_id: opts.appId,
        method,
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: alipayTimestamp(now()),
        version: '1.0',
        app_cert_sn: opts.appCertSn,
        alipay_root_cert_sn: opts.alipayRootCertSn,
        ...extra,
        biz_content: JSON.stringify(biz),
      },
      privateKey,
    );
  }

  function payBiz(input: AlipayPayInput, method: keyof typeof PRODUCT_CODES) {
    if (!input.outTradeNo || input.outTradeNo.length > 64) throw new RangeError('商户订单号必填且不超过 64 位');
    if (input.totalAmountFen < 1) throw new RangeError('支付金额至少 0.01 元');
    return {
      out_trade_no: input.outTradeNo,
      total_amount: fenToYuan(input.totalAmountFen),
      subject: input.subject,
      product_code: PRODUCT_CODES[method],
      body: input.body,
      timeout_express: input.timeoutExpress,
      passback_params: input.passbackParams === undefined ? undefined : encodeURIComponent(input.passbackParams),
    };
  }

  function encode(params: AlipayParams): string {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, v);
    return q.toString();
  }

  /** One signed POST, with the answer's signature checked; 20000 and network errors retried. */
  async function execute(method: string, biz: Record<string, unknown>): Promise<Record<string, unknown>> {
    let lastError: AlipayError | undefined;
    for (let attempt = 0; attempt <= retryDelays.length && attempt < 3; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, retryDelays[attempt - 1]));
      try {
        return await executeOnce(method, biz);
      } catch (e) {
        if (!(e instanceof AlipayError) || !e.retryable) throw e;
        lastError = e;
      }
    }
    throw lastError ?? new AlipayError('unknown');
  }

  async function executeOnce(method: string, biz: Record<string, unknown>): Promise<Record<string, unknown>> {
    // Signed afresh each try: the timestamp must stay within Alipay's window.
    const body = encode(signed(method, biz));
    let text: string;
    try {
      const res = await doFetch(opts.gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
      if (res.status >= 500) throw new AlipayError('network', `支付宝网关暂时无法访问（HTTP ${res.status}）`, { method });
    } catch (e) {
      if (e instanceof AlipayError) throw e;
      throw new AlipayError('network', undefined, { method, cause: e });
    }
    return readAnswer(method, text);
  }

  function readAnswer(method: string, text: string): Record<string, unknown> {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch (e) {
      throw new AlipayError('bad_response', undefined, { method, cause: e });
    }
    const key = responseKey(method) in parsed ? responseKey(method) : 'error_response';
    const node = parsed[key] as Record<string, string> | undefined;
    const raw = rawJsonValue(text, key);
    if (!node || typeof node !== 'object' || raw === null) throw new AlipayError('bad_response', undefined, { method });
    const sign = typeof parsed.sign === 'string' ? parsed.sign : '';
    // Alipay leaves some error answers (bad app_id, bad signature of ours) unsigned; a success must always be signed.
    if ((node.code === '10000' || sign) && !rsa2Verify(raw, sign, alipayKey)) {
      throw new AlipayError('bad_signature', '支付宝应答验签失败，请检查支付宝公钥配置', { method, code: node.code });
    }
    if (node.code !== '10000') throw errorFromGateway(method, node);
    return node;
  }

  function amount(value: unknown, what: string, method: string): number {
    const fen = typeof value === 'string' ? yuanToFen(value) : null;
    if (fen === null) throw new AlipayError('bad_response', `支付宝应答中的${what}无法识别：${String(value)}`, { method });
    return fen;
  }

  return {
    appId: opts.appId,
    execute,
    pagePayUrl(input) {
      const params = signed(input.method, payBiz(input, input.method), { notify_url: opts.notifyUrl, return_url: opts.returnUrl });
      return `${opts.gateway}?${encode(params)}`;
    },
    appPayOrderString(input) {
      return encode(signed('alipay.trade.app.pay', payBiz(input, 'alipay.trade.app.pay'), { notify_url: opts.notifyUrl }));
    },
    verifyNotify(params) {
      return verifyCallbackParams(params, alipayKey);
    },
    parseNotify(params, parseOpts = {}) {
      if (!verifyCallbackParams(params, alipayKey)) throw new AlipayError('bad_signature', '支付宝通知验签失败');
      const expectedAppId = parseOpts.expectedAppId ?? opts.appId;
      if (params.app_id !== expectedAppId) throw new AlipayError('invalid_notify', `支付宝通知的 app_id 不是本应用：${params.app_id ?? ''}`);
      const totalAmountFen = params.total_amount === undefined ? null : yuanToFen(params.total_amount);
      if (totalAmountFen === null) throw new AlipayError('invalid_notify', `支付宝通知金额无法识别：${params.total_amount ?? ''}`);
      const status = params.trade_status ?? '';
      if (!TRADE_STATUSES.includes(status)) throw new AlipayError('invalid_notify', `支付宝通知交易状态未知：${status}`);
      if (!params.out_trade_no || !params.trade_no) throw new AlipayError('invalid_notify', '支付宝通知缺少订单号');
      return {
        outTradeNo: params.out_trade_no,
        tradeNo: params.trade_no,
        totalAmountFen,
        tradeStatus: status as AlipayTradeStatus,
        paid: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED',
        appId: params.app_id,
        notifyId: params.notify_id ?? '',
        gmtPayment: params.gmt_payment,
        passbackParams: decodePassback(params.passback_params),
      };
    },
    async query(outTradeNo) {
      const method = 'alipay.trade.query';
      const r = await execute(method, { out_trade_no: outTradeNo });
      return {
        outTradeNo: String(r.out_trade_no),
        tradeNo: String(r.trade_no),
        tradeStatus: String(r.trade_status) as AlipayTradeStatus,
        totalAmountFen: amount(r.total_amount, '交易金额', method),
      };
    },
    async refund(input) {
      const method = 'alipay.trade.refund';
      const r = await execute(method, {
        out_trade_no: input.outTradeNo,
        refund_amount: fenToYuan(input.refundAmountFen),
        out_request_no: input.outRequestNo,
        refund_reason: input.reason,
      });
      return {
        outTradeNo: String(r.out_trade_no),
        tradeNo: String(r.trade_no),
        fundChange: r.fund_change === 'Y',
        refundFeeFen: amount(r.refund_fee, '退款金额', method),
      };
    },
    async transfer(input) {
      const r = await execute('alipay.fund.trans.uni.transfer', {
        out_biz_no: input.outBizNo,
        trans_amount: fenToYuan(input.amountFen),
        product_code: 'TRANS_ACCOUNT_NO_PWD',
        biz_scene: 'DIRECT_TRANSFER',
        order_title: input.orderTitle ?? '提现',
        payee_info: { identity: input.payeeAccount, identity_type: 'ALIPAY_LOGON_ID', name: input.payeeName },
        remark: input.remark,
      });
      return {
        outBizNo: String(r.out_biz_no),
        orderId: String(r.order_id),
        payFundOrderId: String(r.pay_fund_order_id ?? ''),
        status: String(r.status),
        transDate: String(r.trans_date ?? ''),
      };
    },
  };
}
