/**
 * Receiver decryption through the channel clients against the marketplace emulator: receivers
 * decrypted per second, beside the emulator's bare answer time in the same run.
 *
 *   npx tsx bench/marketplace-decrypt.bench.ts
 *
 * "Ours" is `client.decryptReceivers` as the server will call it: the items cut at the channel's
 * decryptBatchMax, each batch signed and POSTed over loopback HTTP with retry, the answer mapped
 * back to one outcome per order (handle parsing, per-field answers put together, Chinese reasons).
 * The baseline is the same decrypt requests (the same batches, built before timing) sent by the
 * channel's bare signed call (`taobaoCall`, `pddCall`, `doudianCall`, `jdCall`: sign, POST, parse
 * the JSON envelope) without any of the client's mapping. Both sides run one batch at a time, as
 * the client does; runs alternate which side goes first. No goal is set: the ratio shows what the
 * client's mapping adds to the platform's own answer time.
 */
import {
  clientContext,
  createMarketplaceClient,
  type DecryptRequest,
  type MarketplaceChannel,
  type MarketplaceEmulator,
  parseFieldCiphers,
  startMarketplaceEmulator,
} from '@dropship/channels';
import { jdCall } from '../packages/channels/src/jd/client.ts';
import { JD_DECRYPT_METHOD, JD_SCENES } from '../packages/channels/src/jd/decrypt.ts';
import { pddCall } from '../packages/channels/src/pdd/client.ts';
import { PDD_DECRYPT_TYPE } from '../packages/channels/src/pdd/decrypt.ts';
import { taobaoCall } from '../packages/channels/src/taobao/client.ts';
import { TAOBAO_DECRYPT_METHOD, TAOBAO_SCENES } from '../packages/channels/src/taobao/decrypt.ts';
import { doudianCall } from '../packages/channels/src/tiktok/client.ts';
import { DOUDIAN_DECRYPT_METHOD } from '../packages/channels/src/tiktok/decrypt.ts';

const N = 2_000;
const RUNS = 5;
const DAY = 86_400_000;
const CHANNELS: MarketplaceChannel[] = ['TAOBAO', 'PDD', 'TIKTOK', 'JD'];
type Item = DecryptRequest['items'][number];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const chunk = <T>(xs: T[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/** The platform call the client makes for one batch, as a bare signed request (no mapping). */
function bareCall(channel: MarketplaceChannel, emu: MarketplaceEmulator, token: string): (batch: Item[]) => Promise<unknown> {
  const ctx = clientContext(emu.endpointFor(channel));
  const fields = (batch: Item[]) =>
    batch.flatMap((i) => {
      const c = parseFieldCiphers(i.handle);
      return c ? [c.name, c.phone, c.address].map((cipher) => ({ id: i.platformOrderId, cipher })) : [];
    });
  switch (channel) {
    case 'TAOBAO':
      return (batch) =>
        taobaoCall(
          ctx,
          TAOBAO_DECRYPT_METHOD,
          { query_list: JSON.stringify(batch.map((i) => ({ tid: i.platformOrderId, oaid: i.handle, scene: TAOBAO_SCENES.DROPSHIP_SHIP }))) },
          token,
        );
    case 'PDD':
      return (batch) => pddCall(ctx, PDD_DECRYPT_TYPE, { data_list: fields(batch).map((f) => ({ data_tag: f.id, encrypted_data: f.cipher })) }, token);
    case 'TIKTOK':
      return (batch) => doudianCall(ctx, DOUDIAN_DECRYPT_METHOD, { cipher_infos: fields(batch).map((f) => ({ auth_id: f.id, cipher_text: f.cipher })) }, token);
    case 'JD':
      return (batch) =>
        jdCall(
          ctx,
          JD_DECRYPT_METHOD,
          {
            getReceiverInfoListReqVO: {
              orderType: 'POP',
              appName: 'daifa',
              scenesType: JD_SCENES.DROPSHIP_SHIP,
              orderInfos: batch.map((i) => ({ orderId: i.platformOrderId, oaid: i.handle })),
            },
          },
          token,
        );
    default:
      throw new Error(`no bare call for ${channel}`);
  }
}

async function benchChannel(emu: MarketplaceEmulator, channel: MarketplaceChannel) {
  const { code, platformShopId } = emu.authorizeShop(channel, '解密压测店');
  emu.core(channel).addOrders(platformShopId, 600, DAY);
  emu.core(channel).decrypts.setQuota(10_000_000, platformShopId);
  const client = createMarketplaceClient(channel, emu.endpointFor(channel));
  const token = (await client.exchangeCode({ code, redirectUri: '' })).accessToken;
  const orders = emu.orders(channel, platformShopId).filter((o) => o.receiver.decryptHandle);
  const items = Array.from({ length: N }, (_, i) => {
    const o = orders[i % orders.length]!;
    return { platformOrderId: o.platformOrderId, handle: o.receiver.decryptHandle ?? '' };
  });
  const batches = chunk(items, client.decryptBatchMax);
  const bare = bareCall(channel, emu, token);
  const ours = async () => {
    const out = await client.decryptReceivers({ token, scene: 'DROPSHIP_SHIP', items });
    const failed = out.filter((o) => !o.ok).length;
    if (failed) throw new Error(`${channel}: ${failed} of ${N} not decrypted`);
  };
  const baseline = async () => {
    for (const b of batches) await bare(b);
  };
  const time = async (fn: () => Promise<void>) => {
    const t0 = performance.now();
    await fn();
    return (performance.now() - t0) / 1000;
  };
  await ours();
  await baseline();
  const oursS: number[] = [];
  const bareS: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    if (run % 2 === 0) {
      oursS.push(await time(ours));
      bareS.push(await time(baseline));
    } else {
      bareS.push(await time(baseline));
      oursS.push(await time(ours));
    }
  }
  const o = median(oursS);
  const b = median(bareS);
  const best = Math.min(...oursS.map((x, i) => x / (bareS[i] as number)));
  console.log(
    `  ${channel.padEnd(7)} batch ${String(client.decryptBatchMax).padStart(2)}, ${batches.length} calls: ours ${Math.round(N / o)
      .toLocaleString('en')
      .padStart(6)} decrypts/s, bare ${Math.round(N / b)
      .toLocaleString('en')
      .padStart(6)} /s, ratio ${(o / b).toFixed(2)}× median, ${best.toFixed(2)}× best`,
  );
}

async function main() {
  const emu = await startMarketplaceEmulator({ ordersPerShop: 10 });
  console.log(
    `receiver decryption: ${N.toLocaleString('en')} receivers per run through each client against the emulator, ${RUNS} runs (node ${process.version})`,
  );
  try {
    for (const channel of CHANNELS) await benchChannel(emu, channel);
  } finally {
    await emu.close();
  }
}

await main();
