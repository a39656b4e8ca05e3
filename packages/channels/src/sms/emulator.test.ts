import { afterEach, describe, expect, it } from 'vitest';
import { createSmsClient } from './client.ts';
import { type SmsEmulator, startSmsEmulator } from './emulator.ts';
import { SmsError } from './errors.ts';

const KEY = { id: 'LTAI5tEmulatorKey', secret: 'emulator-secret' };
const TEMPLATE = 'SMS_460770001';
let emu: SmsEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function setup(opts: { now?: () => Date } = {}) {
  const delivered: string[] = [];
  emu = await startSmsEmulator({
    accessKeys: { [KEY.id]: KEY.secret },
    signNames: ['代发助手'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: ${code} is Aliyun's template placeholder, filled by the SMS service
    templates: { [TEMPLATE]: '您的验证码为${code}，5分钟内有效，请勿泄露给他人。' },
    onMessage: (m) => delivered.push(m.content),
    ...opts,
  });
  const client = (o: Partial<Parameters<typeof createSmsClient>[0]> = {}) =>
    createSmsClient({ accessKeyId: KEY.id, accessKeySecret: KEY.secret, signName: '代发助手', endpoint: emu?.url, retryDelaysMs: [5, 5], ...o });
  return { emu, client, delivered };
}

async function failure(p: Promise<unknown>): Promise<SmsError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof SmsError)) throw new Error(`expected SmsError, got ${String(e)}`);
  return e;
}

describe('Aliyun SMS emulator', () => {
  it('delivers a signed SendSms, keeps the message queryable and answers like the gateway', async () => {
    const { emu, client, delivered } = await setup();
    const r = await client().sendSms({ phoneNumbers: '13812345678', templateCode: TEMPLATE, templateParam: { code: '604213' }, outId: 'u1' });
    expect(r.bizId).toMatch(/^\d+\^0$/);
    expect(emu.lastCode('13812345678')).toBe('604213');
    expect(delivered).toEqual(['【代发助手】您的验证码为604213，5分钟内有效，请勿泄露给他人。']);
    const over = (await (await fetch(new URL('/emulator/messages?phone=13812345678', emu.url))).json()) as { params: { code: string } }[];
    expect(over.map((m) => m.params.code)).toEqual(['604213']);
  });

  it('refuses a wrong secret, an unknown key, a stale timestamp and a reused nonce', async () => {
    const { emu, client } = await setup();
    const send = (c: ReturnType<typeof client>) => c.sendSms({ phoneNumbers: '13812345678', templateCode: TEMPLATE, templateParam: { code: '1' } });
    expect((await failure(send(client({ accessKeySecret: 'wrong' })))).code).toBe('SignatureDoesNotMatch');
    expect((await failure(send(client({ accessKeyId: 'nobody' })))).code).toBe('InvalidAccessKeyId.NotFound');
    expect((await failure(send(client({ now: () => new Date(Date.now() - 20 * 60_000) })))).code).toBe('InvalidTimeStamp.Expired');
    expect(await send(client({ nonce: () => 'fixed-nonce' }))).toBeTruthy();
    const reused = await failure(send(client({ nonce: () => 'fixed-nonce' })));
    expect([reused.code, reused.kind]).toEqual(['SignatureNonceUsed', 'auth']);
    expect(emu.messages()).toHaveLength(1);
  });

  it('checks phone, sign name, template and its variables', async () => {
    const { emu, client } = await setup();
    expect((await failure(client().sendSms({ phoneNumbers: '2381234567', templateCode: TEMPLATE, templateParam: { code: '1' } }))).kind).toBe('invalid_phone');
    expect(
      (await failure(client({ signName: '别人的签名' }).sendSms({ phoneNumbers: '13812345678', templateCode: TEMPLATE, templateParam: { code: '1' } }))).code,
    ).toBe('isv.SMS_SIGNATURE_ILLEGAL');
    expect((await failure(client().sendSms({ phoneNumbers: '13812345678', templateCode: 'SMS_0', templateParam: { code: '1' } }))).code).toBe(
      'isv.SMS_TEMPLATE_ILLEGAL',
    );
    expect((await failure(client().sendSms({ phoneNumbers: '13812345678', templateCode: TEMPLATE, templateParam: { other: '1' } }))).code).toBe(
      'isv.TEMPLATE_MISSING_PARAMETERS',
    );
    expect(emu.messages()).toHaveLength(0);
  });

  it('applies per-phone flow control like Aliyun (1 a minute)', async () => {
    const { emu, client } = await setup();
    await client().sendSms({ phoneNumbers: '13900000001', templateCode: TEMPLATE, templateParam: { code: '111111' } });
    const limited = await failure(client().sendSms({ phoneNumbers: '13900000001', templateCode: TEMPLATE, templateParam: { code: '222222' } }));
    expect([limited.kind, limited.code]).toEqual(['rate_limited', 'isv.BUSINESS_LIMIT_CONTROL']);
    await client().sendSms({ phoneNumbers: '13900000002', templateCode: TEMPLATE, templateParam: { code: '333333' } });
    expect(emu.lastCode('13900000001')).toBe('111111');
  });

  it('retries an HTTP 500 and gives up after three tries; business refusals are not retried', async () => {
    const { emu, client } = await setup();
    emu.setFailure('http500', { times: 2 });
    await client().sendSms({ phoneNumbers: '13700000001', templateCode: TEMPLATE, templateParam: { code: '1' } });
    emu.setFailure('http500');
    expect((await failure(client().sendSms({ phoneNumbers: '13700000002', templateCode: TEMPLATE, templateParam: { code: '1' } }))).kind).toBe('network');
    emu.setFailure('isv.AMOUNT_NOT_ENOUGH', { times: 1 });
    expect((await failure(client().sendSms({ phoneNumbers: '13700000003', templateCode: TEMPLATE, templateParam: { code: '1' } }))).code).toBe(
      'isv.AMOUNT_NOT_ENOUGH',
    );
    expect(emu.messages().map((m) => m.phone)).toEqual(['13700000001']);
  });

  it('a gateway that cannot be reached is a network error', async () => {
    const { client } = await setup();
    const e = await failure(client({ endpoint: 'http://127.0.0.1:1/' }).sendSms({ phoneNumbers: '13812345678', templateCode: TEMPLATE }));
    expect(e.kind).toBe('network');
  });
});
