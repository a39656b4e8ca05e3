/** Steps 4 and 5: the import's progress while orders are written, then what came of it. */
import type { ImportJobView } from '@dropship/contract';
import { Button, Progress, Result, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { resultText } from '../import-state';

interface Props {
  job: ImportJobView;
  onRestart(): void;
  onErrors(): void;
}

export function ImportResultStep({ job, onRestart, onErrors }: Props) {
  if (job.status === 'IMPORTING') {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>正在导入 {job.validOrders} 个订单，每 500 单一批写入…</Typography.Text>
        <Progress percent={job.percent} status="active" aria-label="导入进度" />
        <Typography.Text type="secondary">{resultText(job)}</Typography.Text>
      </Space>
    );
  }
  if (job.status === 'CANCELLED') {
    return (
      <Result
        status="info"
        title="该导入已取消"
        subTitle={`文件“${job.fileName}”的预览已取消，没有导入订单`}
        extra={<Button onClick={onRestart}>重新导入</Button>}
      />
    );
  }
  const failed = job.status === 'FAILED';
  return (
    <Result
      status={failed ? 'error' : 'success'}
      title={failed ? '导入未完成' : '导入完成'}
      subTitle={
        <Space orientation="vertical">
          <span data-testid="import-result">{resultText(job)}</span>
          {failed && job.message && <Typography.Text type="danger">{job.message}</Typography.Text>}
        </Space>
      }
      extra={[
        <Link key="orders" to="/order/orderList">
          <Button type="primary">查看店铺订单</Button>
        </Link>,
        job.errorRows > 0 && (
          <Button key="errors" onClick={onErrors}>
            下载错误行
          </Button>
        ),
        <Button key="again" onClick={onRestart}>
          继续导入
        </Button>,
      ]}
    />
  );
}
