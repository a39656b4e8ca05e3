/**
 * Which SMS service the server uses. With SMS_ACCESS_KEY_ID set: Aliyun SMS with that AccessKey,
 * sign name and template. Without it (the demo, tests): the local emulator of packages/channels,
 * started in this process on first use; it writes each message, code included, to the server log.
 * Never in production: an unconfigured SMS service refuses to send instead.
 */
import { randomBytes } from 'node:crypto';
import { createSmsClient, type SmsClient, type SmsEmulator, startSmsEmulator } from '@dropship/channels';
import { ErrorCode, maskPhone } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';

/** The demo template: Aliyun verification templates have exactly this shape and one ${code}. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: ${code} is Aliyun's template placeholder, filled by the SMS service
export const DEMO_SMS_TEMPLATE = '您的验证码为${code}，5分钟内有效，请勿泄露给他人。';

export interface SmsGateway {
  client(): Promise<SmsClient>;
  templateCode: string;
  emulator(): SmsEmulator | undefined;
  close(): Promise<void>;
}

export function createSmsGateway(config: Config, log: FastifyBaseLogger): SmsGateway {
  const { accessKeyId, accessKeySecret, signName, templateCode, endpoint } = config.sms;
  let emu: SmsEmulator | undefined;
  let demo: Promise<SmsClient> | undefined;

  async function startDemo(): Promise<SmsClient> {
    const id = 'LTAI5tDemoEmulator';
    const secret = randomBytes(18).toString('base64url');
    emu = await startSmsEmulator({
      accessKeys: { [id]: secret },
      signNames: [signName],
      templates: { [templateCode]: DEMO_SMS_TEMPLATE },
      onMessage: (m) => log.info({ phone: maskPhone(m.phone), bizId: m.bizId }, `短信模拟器：发往 ${maskPhone(m.phone)} 的短信：${m.content}`),
    });
    log.info({ endpoint: emu.url }, '短信：未配置 SMS_ACCESS_KEY_ID，已在本进程启动本地短信模拟器（验证码写入服务器日志）');
    return createSmsClient({ accessKeyId: id, accessKeySecret: secret, signName, endpoint: emu.url });
  }

  let real: SmsClient | undefined;
  return {
    templateCode,
    async client() {
      if (accessKeyId) {
        real ??= createSmsClient({ accessKeyId, accessKeySecret, signName, endpoint });
        return real;
      }
      if (config.production) throw new AppError(ErrorCode.SMS_SEND_FAILED, '尚未配置短信服务，无法发送验证码，请联系平台客服');
      demo ??= startDemo().catch((e: unknown) => {
        demo = undefined;
        throw e;
      });
      return demo;
    },
    emulator: () => emu,
    async close() {
      await emu?.close();
    },
  };
}
