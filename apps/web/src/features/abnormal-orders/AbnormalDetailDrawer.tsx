/**
 * One abnormal order: its lines with each line's reason and the fix in place (关联商品 opens the
 * association's link form), the receiver with 修改地址, and 重新授权 for an expired shop. A placed order
 * the platform would not decrypt shows the platform's message and its own fix (重新授权 for an
 * expired authorization, else 修改地址; an exhausted quota may also just wait).
 */
import { ABNORMAL_REASON_FIXES, ABNORMAL_REASON_NAMES, type AbnormalLine, type AbnormalReason, maskName, maskPhone } from '@dropship/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { LinkModal, type LinkTarget } from '../goods/association/LinkModal';
import { yuanLabel } from '../goods/components/price';
import { AddressModal } from './AddressModal';
import { abnormalApi, abnormalKeys } from './api';
import { DecryptFailedAlert } from './DecryptFailedAlert';

const LINK_FIXES = new Set<AbnormalReason>(['NO_LINK', 'LINK_NO_COST', 'SUPPLIER_DISABLED']);

export function AbnormalDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const qc = useQueryClient();
  const detail = useQuery({ queryKey: abnormalKeys.detail(id ?? 0), queryFn: () => abnormalApi.detail(id ?? 0), enabled: id !== null });
  const [linking, setLinking] = useState<LinkTarget | null>(null);
  const [editingAddress, setEditingAddress] = useState(false);
  const d = detail.data;
  const refresh = () => qc.invalidateQueries({ queryKey: abnormalKeys.all });

  return (
    <Drawer title={d ? `异常订单 ${d.order.platformOrderId}` : '异常订单'} open={id !== null} onClose={onClose} size="large" loading={detail.isLoading}>
      {d && (
        <Space orientation="vertical" style={{ width: '100%' }} size="large">
          {d.order.reasons.length === 0 ? (
            <Alert type="success" showIcon title="问题已处理，该订单可以下代发单了" />
          ) : (
            <Space wrap>
              {d.order.reasons.map((r) => (
                <Tag color="red" key={r}>
                  {ABNORMAL_REASON_NAMES[r]}：{ABNORMAL_REASON_FIXES[r]}
                </Tag>
              ))}
            </Space>
          )}
          {d.order.reasons.includes('DECRYPT_FAILED') && <DecryptFailedAlert detail={d} onTypeReceiver={() => setEditingAddress(true)} />}
          {d.shopExpired && (
            <Alert
              type="warning"
              showIcon
              title={`店铺“${d.order.shopName}”授权已过期`}
              action={
                <Link to="/basicSet/shopAuthorization">
                  <Button size="small" type="primary">
                    重新授权
                  </Button>
                </Link>
              }
            />
          )}
          <Table<AbnormalLine>
            size="small"
            rowKey="platformItemId"
            pagination={false}
            dataSource={d.lines}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: '商品', dataIndex: 'title', render: (t: string, l) => `${t} ${l.spec}` },
              { title: '商家编码', dataIndex: 'outerSkuCode', render: (c: string) => c || '—' },
              { title: '数量', dataIndex: 'quantity' },
              {
                title: '关联',
                key: 'link',
                render: (_: unknown, l) =>
                  l.link
                    ? `${l.link.supplierName} ${l.link.artNo} ${[l.link.color, l.link.size].filter(Boolean).join('/')} ${yuanLabel(l.link.costFen)}`
                    : '未关联',
              },
              {
                title: '问题',
                dataIndex: 'reason',
                render: (r: AbnormalReason | null) => (r ? <Tag color="red">{ABNORMAL_REASON_NAMES[r]}</Tag> : <Tag color="green">正常</Tag>),
              },
              {
                title: '处理',
                key: 'fix',
                render: (_: unknown, l) =>
                  l.reason && LINK_FIXES.has(l.reason) && l.shopSkuId !== null ? (
                    <Button type="link" size="small" onClick={() => setLinking({ id: l.shopSkuId ?? 0, title: l.title, spec: l.spec, link: l.link })}>
                      {l.link ? '修改关联' : '关联商品'}
                    </Button>
                  ) : null,
              },
            ]}
          />
          <Descriptions
            title="收货信息"
            size="small"
            column={1}
            bordered
            extra={
              <Button size="small" onClick={() => setEditingAddress(true)}>
                修改地址
              </Button>
            }
          >
            <Descriptions.Item label="收货人">
              {maskName(d.receiver.receiverName)} {maskPhone(d.receiver.receiverPhone)}
            </Descriptions.Item>
            <Descriptions.Item label="地址">
              {[d.receiver.province, d.receiver.city, d.receiver.district, d.receiver.town, d.receiver.address].filter(Boolean).join(' ') || '—'}
            </Descriptions.Item>
          </Descriptions>
          {d.receiver.encrypted && <Typography.Text type="secondary">平台加密的收货信息：修改后按您填写的地址发货。</Typography.Text>}
        </Space>
      )}
      <LinkModal target={linking} onClose={() => setLinking(null)} onDone={refresh} />
      <AddressModal detail={editingAddress ? (d ?? null) : null} onClose={() => setEditingAddress(false)} />
    </Drawer>
  );
}
