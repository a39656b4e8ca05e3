import { describe, expect, it } from 'vitest';
import { componentUrl, configuredComponentPorts, type PlatformPrintData } from './components';
import { getPrintersMessage, printMessage, readReply } from './messages';

const pd = (over: Partial<PlatformPrintData> = {}): PlatformPrintData => ({ source: 'CAINIAO', encryptedData: 'E', signature: 'S', templateUrl: 'T', ...over });
const job = (printData: PlatformPrintData[]) => ({ requestID: 'r1', taskID: 'r1', printer: 'P', printData });

describe('platform print-component messages', () => {
  it('addresses each component on its own port and path, with overrides', () => {
    expect(componentUrl('CAINIAO')).toBe('ws://127.0.0.1:13528');
    expect(componentUrl('KUAISHOU', { KUAISHOU: 4000 })).toBe('ws://127.0.0.1:4000/ks/printer');
    expect(configuredComponentPorts('{"JD":9999,"PDD":"x","TIKTOK":70000}')).toEqual({ JD: 9999 });
    expect(configuredComponentPorts('not json')).toEqual({});
  });

  it('builds getPrinters in each family', () => {
    expect(getPrintersMessage('PDD', 'a')).toEqual({ cmd: 'getPrinters', requestID: 'a', version: '1.0' });
    expect(getPrintersMessage('REDBOOK', 'a')).toEqual({ command: 'getPrinters', version: '2.0', requestID: 'a' });
    expect(getPrintersMessage('JD', 'a')).toEqual({ orderType: 'GET_Printers', key: 'a', version: '2', parameters: {} });
  });

  it('puts the print data in task/documents/contents, taskList or JD parameters, in each platform’s field names', () => {
    const cainiao = printMessage('CAINIAO', job([pd({ ver: 'v1' })])) as { task: { documents: { contents: object[] }[] } };
    expect(cainiao).toMatchObject({ cmd: 'print', requestID: 'r1', task: { taskID: 'r1', printer: 'P', preview: false } });
    expect(cainiao.task.documents[0]).toEqual({ documentID: 'r1-1', contents: [{ encryptedData: 'E', signature: 'S', templateURL: 'T', ver: 'v1' }] });
    const pdd = printMessage('PDD', job([pd()])) as { task: { documents: { contents: object[] }[] } };
    expect(pdd.task.documents[0]!.contents[0]).toEqual({ encryptedData: 'E', signature: 'S', templateUrl: 'T' });
    const douyin = printMessage('TIKTOK', job([pd({ params: 'p=1' })])) as { task: { documents: { contents: object[] }[] } };
    expect(douyin.task.documents[0]!.contents[0]).toMatchObject({ params: 'p=1', templateURL: 'T' });
    expect(printMessage('KUAISHOU', job([pd(), pd()]))).toMatchObject({
      command: 'print',
      printer: 'P',
      taskList: [
        { taskID: 'r1-1', printNum: 1, printInfo: { encryptedData: 'E' } },
        { taskID: 'r1-2', printNum: 1 },
      ],
    });
    expect(printMessage('JD', job([pd()]))).toEqual({
      orderType: 'PRINT',
      key: 'r1',
      version: '2',
      parameters: { printName: 'P', contents: [{ documentID: 'r1-1', tempUrl: 'T', printData: 'E', signature: 'S' }] },
    });
  });

  it('reads acks, results and printer lists, including PDD’s PrintResultNotify and JD’s codes', () => {
    expect(readReply('CAINIAO', { cmd: 'getPrinters', requestID: 'a', defaultPrinter: 'B', printers: [{ name: 'A' }, { name: 'B' }] })).toEqual({
      type: 'printers',
      id: 'a',
      printers: ['A', 'B'],
      defaultPrinter: 'B',
    });
    expect(readReply('CAINIAO', { cmd: 'print', requestID: 'a', status: 'failed', msg: '签名错误' })).toEqual({
      type: 'ack',
      id: 'a',
      ok: false,
      msg: '签名错误',
    });
    expect(readReply('CAINIAO', { cmd: 'notifyPrintResult', taskID: 't', taskStatus: 'rendered' })).toMatchObject({ type: 'result', id: 't', pending: true });
    expect(readReply('PDD', { cmd: 'PrintResultNotify', taskID: 't', taskStatus: 'failed', printStatus: [{ status: 'failed', msg: '缺纸' }] })).toEqual({
      type: 'result',
      id: 't',
      ok: false,
      pending: false,
      msg: '缺纸',
    });
    expect(readReply('KUAISHOU', { command: 'notifyPrintResult', requestID: 'r', taskStatus: 'printed' })).toMatchObject({ type: 'result', id: 'r', ok: true });
    expect(readReply('JD', { key: 'k', code: '6', success: 'true', detailinfo: { printers: ['X'] } })).toMatchObject({
      type: 'printers',
      printers: ['X'],
      defaultPrinter: 'X',
    });
    expect(readReply('JD', { key: 'k', code: '2', success: 'false', message: '数据有误', status: '502' })).toMatchObject({
      type: 'result',
      ok: false,
      msg: '数据有误',
    });
    expect(readReply('JD', 'nonsense')).toEqual({ type: 'other' });
  });
});
