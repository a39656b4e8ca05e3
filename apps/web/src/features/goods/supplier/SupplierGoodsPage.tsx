/**
 * 供应商商品 (/goods/supplier, in the menu once a supplier exists): the items of the seller's stalls
 * that links name, with how many shop SKUs each has. A new cost price becomes a new version of
 * every current link of the item; placed orders keep the price they were placed with.
 */
import { DownloadOutlined } from '@ant-design/icons';
import type { SupplierGoodsRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date';
import { urlPagination, withColumnMinWidth } from '../../../lib/table-defaults';
import { nonEmpty, positiveInt, useUrlValues } from '../../../lib/url-state';
import { goodsApi, goodsKeys } from '../api';
import { fenOf, priceItemProps, yuanLabel, yuanOf } from '../components/price';
import { SupplierSelect } from '../components/SupplierSelect';

export default function SupplierGoodsPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [v, set] = useUrlValues({ supplierId: '', keyword: '', costMissing: '', pageNo: '1', pageSize: '20' });
  const filters = {
    ...nonEmpty({ supplierId: v.supplierId ? Number(v.supplierId) : undefined, keyword: v.keyword }),
    ...(v.costMissing === '1' ? { costMissing: true } : {}),
  };
  const query = { ...filters, pageNo: positiveInt(v.pageNo, 1), pageSize: positiveInt(v.pageSize, 20, 100) };
  const page = useQuery({ queryKey: goodsKeys.supplierGoods(query), queryFn: () => goodsApi.supplierGoods(query), placeholderData: keepPreviousData });
  const [pricing, setPricing] = useState<SupplierGoodsRow | null>(null);
  const [form] = Form.useForm<{ cost: string }>();
  const exporting = useMutation({ mutationFn: () => goodsApi.exportSupplierGoods(filters) });
  const saveCost = useMutation({
    mutationFn: ({ id, costFen }: { id: number; costFen: number }) => goodsApi.updateCost(id, costFen),
    onSuccess: (r) => {
      message.success(r.relinked > 0 ? `成本价已修改，${r.relinked} 个商品的关联已更新` : '成本价已修改');
      setPricing(null);
      void qc.invalidateQueries({ queryKey: goodsKeys.all });
    },
  });

  const columns = withColumnMinWidth<TableColumnsType<SupplierGoodsRow>[number]>([
    { title: '档口', key: 'supplier', render: (_: unknown, r) => (r.supplierCode ? `${r.supplierName}（${r.supplierCode}）` : r.supplierName) },
    { title: '货号', dataIndex: 'artNo' },
    { title: '颜色', dataIndex: 'color', render: (c: string) => c || '—' },
    { title: '尺码', dataIndex: 'size', render: (s: string) => s || '—' },
    { title: '成本价', dataIndex: 'costFen', align: 'right', render: (f: number | null) => yuanLabel(f) },
    { title: '关联商品数', dataIndex: 'linkedSkus', align: 'right' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (d: string) => formatDateTime(d) },
    {
      title: '操作',
      key: 'actions',
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => setPricing(r)}>
          改价
        </Button>
      ),
    },
  ]);

  return (
    <div>
      <Typography.Title level={4}>供应商商品</Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        <SupplierSelect
          forFilter
          allowClear
          placeholder="全部档口"
          value={v.supplierId ? Number(v.supplierId) : null}
          onChange={(id) => set({ supplierId: id, pageNo: 1 })}
        />
        <Input.Search
          aria-label="搜索货号"
          placeholder="货号"
          allowClear
          enterButton="搜索"
          defaultValue={v.keyword}
          maxLength={60}
          style={{ width: 240 }}
          onSearch={(keyword) => set({ keyword: keyword.trim(), pageNo: 1 })}
        />
        <Checkbox checked={v.costMissing === '1'} onChange={(e) => set({ costMissing: e.target.checked ? '1' : '', pageNo: 1 })}>
          仅看未填成本价
        </Checkbox>
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      </Space>
      <Table<SupplierGoodsRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无供应商商品：在“商品关联”中关联后会出现在这里' }}
        pagination={urlPagination(query, page.data?.total ?? 0, set)}
      />
      <Modal
        title={pricing ? `修改成本价：${pricing.supplierName} ${pricing.artNo} ${[pricing.color, pricing.size].filter(Boolean).join('/')}` : ''}
        open={pricing !== null}
        onCancel={() => setPricing(null)}
        okText="保存"
        confirmLoading={saveCost.isPending}
        destroyOnHidden
        onOk={() => form.validateFields().then((f) => pricing && saveCost.mutate({ id: pricing.id, costFen: fenOf(f.cost) ?? 0 }))}
      >
        <Typography.Paragraph type="secondary">保存后，关联到该商品的店铺商品按新价格下单；已下的代发单不变。</Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false} initialValues={{ cost: yuanOf(pricing?.costFen) }}>
          <Form.Item
            name="cost"
            label="成本价（元）"
            rules={[{ required: true, message: '请输入成本价' }, ...(priceItemProps.rules ?? [])]}
            normalize={priceItemProps.normalize}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
