/** Picks an .xlsx and hands it on; the caller's call runs while the button spins. */
import { UploadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useRef } from 'react';

interface Props {
  loading: boolean;
  onFile: (file: File) => void;
  children?: React.ReactNode;
}

const MAX_BYTES = 10 * 1024 * 1024;

export function ImportExcelButton({ loading, onFile, children = '导入Excel' }: Props) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-label="选择Excel文件"
        style={{ display: 'none' }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (!/\.xlsx$/i.test(file.name)) return void message.error('请选择 .xlsx 格式的 Excel 文件');
          if (file.size > MAX_BYTES) return void message.error('文件不能超过10MB');
          onFile(file);
        }}
      />
      <Button icon={<UploadOutlined />} loading={loading} onClick={() => input.current?.click()}>
        {loading ? '正在导入…' : children}
      </Button>
    </>
  );
}
