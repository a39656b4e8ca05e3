import { describe, expect, it } from 'vitest';
import { createSmsClient } from './client.ts';
import { canonicalQuery, percentEncode, signRpc, stringToSign, verifyRpc } from './sign.ts';

/**
 * Vector 1 is the example of Aliyun's SMS signature documentation (AccessKey testId / testSecret);
 * its published Signature is zJDF+Lrzhj/ThnlvIToysFRq6t4=. Vector 2 exercises the characters
 * RFC 3986 treats specially (* ~ ! ( ) ' and a space) and a POST; both signatures were computed
 * with `openssl dgst -sha1 -hmac '<secret>&' -binary | base64` over a string to sign built by
 * Python's urllib.parse.quote(safe='-_.~'), independently of this code.
 */
const DOC_PARAMS = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};
const DOC_STRING_TO_SIGN =
  'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25';

const SPECIAL_PARAMS = {
  AccessKeyId: 'LTAI5tDemoKey0001',
  Action: 'SendSms',
  Format: 'JSON',
  PhoneNumbers: '13812345678',
  RegionId: 'cn-hangzhou',
  SignName: '代发助手',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '3ee8c1d2-4f56-4a0b-9c7e-0123456789ab',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_460770001',
  TemplateParam: `{"code":"042917","note":"a*b~c!(d) e'f"}`,
  Timestamp: '2026-03-01T08:30:00Z',
  Version: '2017-05-25',
};

describe('Aliyun RPC signature (HMAC-SHA1, SignatureVersion 1.0)', () => {
  it('encodes as RFC 3986: only A-Z a-z 0-9 - _ . ~ stay', () => {
    expect(percentEncode("a b*c~d!e'f(g)h+i/j:k")).toBe('a%20b%2Ac~d%21e%27f%28g%29h%2Bi%2Fj%3Ak');
    expect(percentEncode('阿里')).toBe('%E9%98%BF%E9%87%8C');
  });

  it('reproduces the documentation example: string to sign and signature', () => {
    expect(stringToSign('GET', DOC_PARAMS)).toBe(DOC_STRING_TO_SIGN);
    expect(signRpc('GET', DOC_PARAMS, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('matches the openssl vector with special characters, over POST, and ignores a Signature param', () => {
    const sign = signRpc('POST', SPECIAL_PARAMS, 'DemoSecret/With+Chars=');
    expect(sign).toBe('gjtTjkgjKB+ZJxE6oMyR9/lGpPk=');
    expect(signRpc('POST', { ...SPECIAL_PARAMS, Signature: 'anything' }, 'DemoSecret/With+Chars=')).toBe(sign);
    expect(verifyRpc('POST', { ...SPECIAL_PARAMS, Signature: sign }, 'DemoSecret/With+Chars=')).toBe(true);
    expect(verifyRpc('GET', { ...SPECIAL_PARAMS, Signature: sign }, 'DemoSecret/With+Chars=')).toBe(false);
    expect(verifyRpc('POST', { ...SPECIAL_PARAMS, PhoneNumbers: '13812345679', Signature: sign }, 'DemoSecret/With+Chars=')).toBe(false);
    expect(verifyRpc('POST', { ...SPECIAL_PARAMS, Signature: sign }, 'other')).toBe(false);
  });

  it('the client sends exactly the documented params, form-encoded and signed', async () => {
    let sent: { url: string; body: string } | undefined;
    const client = createSmsClient({
      accessKeyId: 'LTAI5tDemoKey0001',
      accessKeySecret: 'DemoSecret/With+Chars=',
      signName: '代发助手',
      endpoint: 'https://sms.example.test/',
      now: () => new Date('2026-03-01T08:30:00.456Z'),
      nonce: () => '3ee8c1d2-4f56-4a0b-9c7e-0123456789ab',
      fetch: async (url, init) => {
        sent = { url: String(url), body: String(init?.body) };
        return new Response('{"Message":"OK","RequestId":"R1","BizId":"900619746936498440^0","Code":"OK"}', { status: 200 });
      },
    });
    const r = await client.sendSms({ phoneNumbers: '13812345678', templateCode: 'SMS_460770001', templateParam: { code: '042917', note: "a*b~c!(d) e'f" } });
    expect(r).toEqual({ bizId: '900619746936498440^0', requestId: 'R1' });
    const params = Object.fromEntries(new URLSearchParams(sent?.body ?? ''));
    expect(sent?.url).toBe('https://sms.example.test/');
    expect(params).toEqual({ ...SPECIAL_PARAMS, Signature: 'gjtTjkgjKB+ZJxE6oMyR9/lGpPk=' });
    expect(sent?.body.endsWith(canonicalQuery(SPECIAL_PARAMS))).toBe(true);
  });
});
