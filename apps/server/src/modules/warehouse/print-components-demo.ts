/**
 * Demo mode (the marketplace emulator in use): the six platform print-component emulators on this
 * machine's loopback ports, so a platform e-waybill from the emulator prints end to end in the
 * browser (decision 0025). They check the print data as a real component would, with the emulator's
 * public print secret. A port already taken (a real component installed, a second server) is
 * skipped with a warning: printing then goes to whatever listens there.
 */
import { emulatorPrintSecret, type PrintComponentEmulators, startPrintComponentEmulators, verifyPrintData } from '@dropship/channels';
import type { FastifyBaseLogger } from 'fastify';

/** `mode` (PRINT_COMPONENT_EMULATOR): the components' real ports, any free ports (browser tests), or off. */
export async function startDemoPrintComponents(mode: 'ports' | 'free' | 'off', log: FastifyBaseLogger): Promise<PrintComponentEmulators | null> {
  if (mode === 'off') return null;
  try {
    const started = await startPrintComponentEmulators({
      ...(mode === 'free' ? { ports: 0 as const } : {}),
      verify: (pd) => verifyPrintData(pd, emulatorPrintSecret(pd.source)),
    });
    log.info({ ports: started.ports }, '演示模式：已在本机启动六个平台打印组件模拟器（菜鸟、拼多多、抖店、快手、小红书、京东），平台电子面单可直接打印');
    return started;
  } catch (e) {
    log.warn({ err: e }, '演示模式：平台打印组件模拟器未能启动（端口已被占用？），平台电子面单由本机已安装的打印组件打印');
    return null;
  }
}
