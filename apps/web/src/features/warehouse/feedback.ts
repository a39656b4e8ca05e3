/**
 * Scanner feedback by ear: a short high beep for a good scan, a low double buzz for a refusal, so
 * the person at the bench need not look at the screen for every parcel. Silently nothing where
 * the browser has no Web Audio (or blocks it before a first click).
 */
type Ctx = { createOscillator(): OscillatorNode; createGain(): GainNode; destination: AudioDestinationNode; currentTime: number };
let ctx: Ctx | null = null;

function audio(): Ctx | null {
  if (ctx) return ctx;
  const C = (globalThis as { AudioContext?: new () => Ctx }).AudioContext;
  ctx = C ? new C() : null;
  return ctx;
}

function tone(freq: number, start: number, ms: number) {
  const a = audio();
  if (!a) return;
  const osc = a.createOscillator();
  const gain = a.createGain();
  osc.frequency.value = freq;
  gain.gain.value = 0.15;
  osc.connect(gain).connect(a.destination);
  osc.start(a.currentTime + start);
  osc.stop(a.currentTime + start + ms / 1000);
}

export function beep(kind: 'ok' | 'wait' | 'error') {
  try {
    if (kind === 'ok') tone(1320, 0, 120);
    else if (kind === 'wait') tone(880, 0, 120);
    else {
      tone(220, 0, 150);
      tone(220, 0.2, 150);
    }
  } catch {
    // Audio is a nicety: a browser that refuses it still shows the colour and the message.
  }
}
