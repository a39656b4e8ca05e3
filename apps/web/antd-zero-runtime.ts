import { type Plugin, parseAst } from 'vite';

/** antd's style modules: each component's `style/` folder, where its CSS-in-JS style functions live. */
const STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/].+[\\/]style[\\/][^\\/]+\.js$/;
/** The calls that hand a component's style function to antd's style hooks (theme/internal). */
const STYLE_HOOKS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Every call of a style hook in the module, in source order. */
function styleHookCalls(node: unknown, out: Node[] = []): Node[] {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const n of node) styleHookCalls(n, out);
    return out;
  }
  const n = node as Node;
  const callee = n.callee as Node | undefined;
  if (n.type === 'CallExpression' && callee?.type === 'Identifier' && STYLE_HOOKS.has(callee.name as string)) out.push(n);
  for (const [k, v] of Object.entries(n)) if (k !== 'type' && v && typeof v === 'object') styleHookCalls(v, out);
  return out;
}

/**
 * The pages run antd in its zero-runtime mode (main.tsx: `theme.zeroRuntime`, antd's own stylesheet
 * loaded once): the style hooks then return their class names and never call a component's style
 * function. Those functions are still bundled, because each is passed to the hook as an argument:
 * about 60 KB gzip of the first visit. This hands the hooks an empty style function instead, so the
 * bundler drops the style code nothing else uses; the component tokens (their CSS variables, still
 * set at run time) and every other export of a style module stay as they are. A component rendered
 * outside the app's ConfigProvider (antd's static message and modal functions) draws its styles from
 * the same stylesheet. Decision 0040.
 */
export function antdZeroRuntime(): Plugin {
  return {
    name: 'antd-zero-runtime',
    apply: 'build',
    transform(code, id) {
      if (!STYLE_MODULE.test(id) || !/gen(StyleHooks|ComponentStyleHook|SubStyleComponent)\(/.test(code)) return null;
      const calls = styleHookCalls(parseAst(code));
      let out = '';
      let at = 0;
      for (const call of calls) {
        const styleFn = (call.arguments as Node[])[1];
        if (!styleFn) continue;
        out += `${code.slice(at, styleFn.start)}() => []`;
        at = styleFn.end;
      }
      return at === 0 ? null : { code: out + code.slice(at), map: null };
    },
  };
}
