import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, message } from 'antd';
// The ES module of the locale: antd/locale/zh_CN is CommonJS and brought antd/lib's copies and babel's helpers along.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// antd's styles as one static sheet (its zero-runtime mode, below): no component writes its CSS into
// the page at run time. The sheet's values are CSS variables, which the ConfigProvider still sets
// from the theme's tokens. Decision 0040.
import 'antd/dist/antd.css';
import './global.css';
import { BrowserRouter } from 'react-router';
import './app/preact-events';
import { EscapeClosesToasts } from './app/escape-closes-toasts';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/router';
import { captureIdentityFromQuery } from './app/session';
import { TOAST_CONFIG } from './lib/toast';

dayjs.locale('zh-cn');
message.config(TOAST_CONFIG);

// Identity in the address (embedded or launched from elsewhere) is stored before the first guard runs.
captureIdentityFromQuery(new URLSearchParams(window.location.search));

const queryClient = createQueryClient();
// Someone who asked the system for less motion gets no antd animations: dialogs, drawers and menus
// appear at once. (The browser tests ask for it too, which spares the machine every animation frame.)
const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ConfigProvider
      locale={zhCN}
      theme={{ zeroRuntime: true, token: { colorPrimary: '#1677ff', motion: !reducedMotion } }}
      modal={{ mask: { closable: true } }}
    >
      <AntApp message={TOAST_CONFIG}>
        <EscapeClosesToasts />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
