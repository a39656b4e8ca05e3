/**
 * 快递列表 (/order/expressList): the express companies a dropship order may be sent with and the
 * platform's fee rules (first weight + each further step, by province), with the service fee per
 * item. Read-only: the operator sets them.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { type ExpressPriceRule, fenToYuan } from '@dropship/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Spin, Table, Typography } from 'antd';
import { ApiError } from '../../../app/api';
import { downloadExcel } from '../../../lib/request/browser';
import { dropshipApi, dropshipKeys } from '../api';

const kg = (g: number) => (g % 1000 === 0 ? `${g / 1000}千克` : `${g}克`);

async function exportRules() {
  const r = await downloadExcel({ url: '/api/b2/express/rules/export', method: 'get', fileName: '快递运费规则' });
  if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
}

export default function ExpressListPage() {
  const rules = useQuery({ queryKey: dropshipKeys.expressRules(), queryFn: dropshipApi.expressRules });
  const exporting = useMutation({ mutationFn: exportRules });
  if (rules.isLoading) return <Spin description="正在加载…" />;
  const data = rules.data;
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>快递列表</Typography.Title>
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      </Space>
      {data && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`运费按收货省份计：首重价格 + 每超出一个续重单位加收续重价格；每件商品按 ${kg(data.settings.itemWeightGrams)} 计重。代发服务费每件 ¥${fenToYuan(data.settings.serviceFeePerItemFen)}。价格由平台设置。`}
        />
      )}
      {(data?.companies ?? []).map((c) => {
        const sorted = [...c.rules].sort((a, b) => (a.province === '' ? -1 : b.province === '' ? 1 : a.province.localeCompare(b.province, 'zh-CN')));
        return (
          <Card key={c.code} size="small" title={c.name} style={{ marginBottom: 12 }} data-testid="express-card">
            <Table<ExpressPriceRule>
              size="small"
              rowKey="province"
              pagination={false}
              dataSource={sorted}
              columns={[
                { title: '收货省份', dataIndex: 'province', render: (p: string) => p || '默认（其他省份）' },
                { title: '首重', render: (_, r) => `${kg(r.firstWeightGrams)} ¥${fenToYuan(r.firstFen)}` },
                { title: '续重', render: (_, r) => `每${kg(r.stepWeightGrams)} ¥${fenToYuan(r.stepFen)}` },
              ]}
            />
          </Card>
        );
      })}
    </div>
  );
}
