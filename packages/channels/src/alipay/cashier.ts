/** The emulator's cashier (收银台) pages: plain server-rendered HTML, one button. */
import { fenToYuan } from './money.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;margin:0}main{max-width:420px;margin:48px auto;background:#fff;padding:24px;border-radius:8px}
.amount{font-size:32px;color:#f60}button{width:100%;padding:12px;font-size:18px;background:#1677ff;color:#fff;border:0;border-radius:6px}small{color:#999}</style></head>
<body><main>${body}</main></body></html>`;
}

export function cashierPage(t: { outTradeNo: string; subject: string; totalAmountFen: number; tradeNo: string }): string {
  return page(
    '支付宝 - 收银台',
    `<h1>支付宝收银台</h1><p>订单：${esc(t.subject)}</p><p class="amount" data-testid="amount">¥${fenToYuan(t.totalAmountFen)}</p>
<p><small>商户订单号 ${esc(t.outTradeNo)} · 交易号 ${esc(t.tradeNo)}</small></p>
<form method="post" action="/cashier/pay"><input type="hidden" name="out_trade_no" value="${esc(t.outTradeNo)}"><button type="submit">支付</button></form>
<p><small>本地支付宝模拟器，不会产生真实扣款</small></p>`,
  );
}

export function paidPage(t: { subject: string; totalAmountFen: number }): string {
  return page('支付成功', `<h1>支付成功</h1><p>${esc(t.subject)}</p><p class="amount">¥${fenToYuan(t.totalAmountFen)}</p>`);
}

export function errorPage(code: string, message: string): string {
  return page('支付宝 - 错误', `<h1>支付请求有误</h1><p>错误代码：<code>${esc(code)}</code></p><p>${esc(message)}</p>`);
}
