/**
 * The header's 消息 and 意见反馈 in jsdom, whose popover body and dialog load on the first click
 * (decision 0040): opening shows the latest messages and 全部标为已读 marks them, 意见反馈 checks its
 * text and sends it. Only the network is played (fetch answers the calls); the buttons, the lazy
 * parts and the request client are the real ones.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { playNetwork, renderPage, type Sent, WAIT } from '../../../test/fake-api';
import { FeedbackButton } from './FeedbackButton';
import { MessagesButton } from './MessagesButton';

const ANSWERS: Record<string, unknown> = {
  '/api/b2/message/unread/count': { count: 2 },
  '/api/b2/message/list': {
    total: 1,
    list: [{ id: 7, title: '补款提醒', content: '订单DF1需补款3.00元', kind: 'REPLENISH', read: false, createdAt: '2026-11-26T02:00:00.000Z' }],
  },
};

let sent: Sent[];
beforeEach(() => {
  sent = playNetwork(ANSWERS, { userId: '1' });
});

describe('the header buttons', () => {
  it('消息 loads its list on the first opening and 全部标为已读 marks every message', { timeout: 60_000 }, async () => {
    renderPage(<MessagesButton />);
    const button = screen.getByRole('button', { name: '消息' });
    await waitFor(() => expect(sent.some((s) => s.path === '/api/b2/message/list')).toBe(true), WAIT);
    expect(screen.queryByText(/补款提醒/)).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByText('● 补款提醒', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('订单DF1需补款3.00元')).toBeTruthy();
    const markAll = screen.getByRole('button', { name: '全部标为已读' });
    await waitFor(() => expect((markAll as HTMLButtonElement).disabled).toBe(false), WAIT);
    fireEvent.click(markAll);
    await waitFor(() => expect(sent.find((s) => s.path === '/api/b2/message/marking/read')?.body).toEqual({ all: true }), WAIT);
  });

  it('意见反馈 opens its dialog on the first click, refuses a short text and sends the feedback', { timeout: 60_000 }, async () => {
    renderPage(<FeedbackButton />);
    fireEvent.click(screen.getByRole('button', { name: '意见反馈' }));
    const text = await screen.findByPlaceholderText('请描述您遇到的问题或建议', {}, WAIT);
    fireEvent.change(text, { target: { value: '太慢' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    expect(await screen.findByText('反馈内容至少5个字', {}, WAIT)).toBeTruthy();
    expect(sent.some((s) => s.path === '/api/feedback')).toBe(false);
    fireEvent.change(text, { target: { value: '希望列表能按店铺筛选' } });
    fireEvent.change(screen.getByPlaceholderText('手机号或微信'), { target: { value: 'wx123' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    await waitFor(() => expect(sent.find((s) => s.path === '/api/feedback')?.body).toEqual({ content: '希望列表能按店铺筛选', contact: 'wx123' }), WAIT);
  });
});
