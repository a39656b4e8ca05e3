/** 快递运费规则 in jsdom: each company's rules read in yuan, one company edited and saved whole in fen. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { playNetwork, renderPage, WAIT } from '../../../test/fake-api';
import ExpressRulesPage from './ExpressRulesPage';

const rule = (province: string, firstFen: number) => ({ expressCode: 'ZTO', province, firstWeightGrams: 1000, firstFen, stepWeightGrams: 1000, stepFen: 200 });
const RULES = {
  companies: [{ code: 'ZTO', name: '中通快递', enabled: true, sort: 10, rules: [rule('广东', 400), rule('', 500)] }],
  settings: { serviceFeePerItemFen: 150, itemWeightGrams: 500 },
};

it('lists the rules in yuan and saves an edited company in fen', { timeout: 90_000 }, async () => {
  const sent = playNetwork({ '/api/operator/express/rules': RULES, '/api/operator/express/rules/save': RULES });
  renderPage(<ExpressRulesPage />, '/operator/expressRules');
  expect(await screen.findByText('默认：首重1千克 ¥5.00，续重每1千克 ¥2.00', {}, WAIT)).toBeTruthy();
  expect(screen.getByText('广东：首重1千克 ¥4.00，续重每1千克 ¥2.00')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: '编辑' }));
  const firsts = (await screen.findAllByRole('textbox', { name: '首重价格（元）' }, WAIT)) as HTMLInputElement[];
  // The default rule comes first in the dialog.
  expect(firsts.map((i) => i.value)).toEqual(['5.00', '4.00']);
  fireEvent.change(firsts[0] as HTMLInputElement, { target: { value: '6.5' } });
  fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
  await waitFor(
    () =>
      expect(sent.find((s) => s.path === '/api/operator/express/rules/save')?.body).toEqual({
        code: 'ZTO',
        name: '中通快递',
        enabled: true,
        sort: 10,
        rules: [
          { province: '', firstWeightGrams: 1000, firstFen: 650, stepWeightGrams: 1000, stepFen: 200 },
          { province: '广东', firstWeightGrams: 1000, firstFen: 400, stepWeightGrams: 1000, stepFen: 200 },
        ],
      }),
    WAIT,
  );
  expect(await screen.findByText('运费规则已保存', {}, WAIT)).toBeTruthy();
});
