/**
 * 售后图片 / 验货图片 in jsdom: a picked JPG/PNG/WebP is read and handed to the upload, whose address
 * joins the photos; another type or a file over 2MB is refused in Chinese and never sent.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { afterEach, expect, it, vi } from 'vitest';
import { PhotoLinksField } from './PhotoLinksField';

afterEach(cleanup);

function setUp() {
  const upload = vi.fn(async (_image: string) => ({ url: '/api/b2/parcels/photo/7' }));
  const onChange = vi.fn();
  const { container } = render(
    <ConfigProvider>
      <App>
        <PhotoLinksField value={[]} onChange={onChange} upload={upload} camera label="验货图片" />
      </App>
    </ConfigProvider>,
  );
  // The upload renews its input after each pick: find it every time.
  const input = () => container.querySelector('input[type=file]') as HTMLInputElement;
  const pick = (file: File) => fireEvent.change(input(), { target: { files: [file] } });
  return { upload, onChange, input, pick };
}

it('uploads a picked photo and adds the stored address; the phone gets the camera', async () => {
  const { upload, onChange, input, pick } = setUp();
  expect([input().accept, input().getAttribute('capture')]).toEqual(['image/*', 'environment']);
  pick(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' }));
  await waitFor(() => expect(onChange).toHaveBeenCalledWith(['/api/b2/parcels/photo/7']));
  expect(upload.mock.calls[0]?.[0]).toMatch(/^data:image\/png;base64,/);
});

it('refuses another type or a file over 2MB in Chinese, sending nothing', async () => {
  const { upload, onChange, pick } = setUp();
  pick(new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
  await screen.findByText('只能上传 JPG、PNG 或 WebP 格式的图片');
  pick(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
  await screen.findByText('图片不能超过2MB，请压缩后重新上传');
  expect(upload).not.toHaveBeenCalled();
  expect(onChange).not.toHaveBeenCalled();
});
