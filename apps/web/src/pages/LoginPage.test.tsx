/**
 * The seller tab of the sign-in page in jsdom: no captcha at first; once the server asks for one
 * (11002 after many failed sign-ins from this address) the image captcha appears, and the next
 * attempt sends its answer. Only the network is played; the page, its form and the request client
 * are the real ones.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { playNetwork, refuse, renderPage, type Sent, WAIT } from '../../test/fake-api';
import LoginPage from './LoginPage';

let sent: Sent[];
beforeEach(() => {
  sent = playNetwork(
    {
      '/api/auth/login': refuse(11002, '登录失败次数过多，请输入验证码'),
      '/api/b2/purchaser/auth/captcha': { captchaId: 'captcha-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' },
      '/api/system/config': { captchaDisabled: false, brandName: '代发助手' },
    },
    { signedOut: true },
  );
});

const logins = () => sent.filter((s) => s.path === '/api/auth/login').map((s) => s.body);

describe('LoginPage, seller tab', () => {
  it('shows the image captcha once the server asks for it, and sends its answer next time', { timeout: 60_000 }, async () => {
    renderPage(<LoginPage />, '/login');
    expect(screen.queryByText('验证码')).toBeNull();
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'demo_seller' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(logins()).toHaveLength(1), WAIT);
    await screen.findByText('验证码', undefined, WAIT);
    await screen.findByAltText('验证码，点击刷新', undefined, WAIT);

    const answerBox = document.querySelector('input#seller_captcha') as HTMLInputElement;
    fireEvent.change(answerBox, { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(logins()).toHaveLength(2), WAIT);
    expect(logins()[1]).toMatchObject({ username: 'demo_seller', captcha: 'ab12', captchaId: 'captcha-1' });
  });
});
