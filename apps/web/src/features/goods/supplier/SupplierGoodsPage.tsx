/**
 * 供应商商品 (/goods/supplier, in the menu once a supplier exists): the items of the seller's stalls
 * that links name, with how many shop SKUs each has. A new cost price becomes a new version of
 * every current link of the item; placed orders keep the price they were placed with.
 */
import type { SupplierGoodsRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Space, Table, type TableColumnsType, Typography } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { ExportButton, oneOf, positiveInt, text, useListPage } from '../../../lib/list-page';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { goodsApi, goodsKeys } from '../api';
import { fenOf, priceItemProps, yuanLabel, yuanOf } from '../components/price';
import { SupplierSelect } from '../components/SupplierSelect';

const LIST = { filters: { supplierId: positiveInt(), keyword: text(60), costMissing: oneOf(['1'] as const) }, dialogs: ['price'] as const };

export default function SupplierGoodsPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useListPage(LIST);
  const { supplierId, keyword, costMissing } = list.filters;
  const filters = { ...(supplierId ? { supplierId } : {}), ...(keyword ? { keyword } : {}), ...(costMissing ? { costMissing: true } : {}) };
  const query = { ...filters, pageNo: list.pageNo, pageSize: list.pageSize };
  const page = useQuery({ queryKey: goodsKeys.supplierGoods(query), queryFn: () => goodsApi.supplierGoods(query), placeholderData: keepPreviousData });
  const pricing = list.dialogRow('price', page.data?.list) ?? null;
  const [form] = Form.useForm<{ cost: string }>();
  const saveCost = useMutation({
    mutationFn: ({ id, costFen }: { id: number; costFen: number }) => goodsApi.updateCost(id, costFen),
    onSuccess: (r) => {
      message.success(r.relinked > 0 ? `成本价已修改，${r.relinked} 个商品的关联已更新` : '成本价已修改');
      list.closeDialog();
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
        <Button type="link" size="small" onClick={() => list.openDialog('price', r.id)}>
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
          value={supplierId ?? null}
          onChange={(id) => list.filter({ supplierId: id ?? undefined })}
        />
        <Input.Search
          aria-label="搜索货号"
          placeholder="货号"
          allowClear
          enterButton="搜索"
          defaultValue={keyword}
          maxLength={60}
          style={{ width: 240 }}
          onSearch={(k) => list.filter({ keyword: k })}
        />
        <Checkbox checked={costMissing === '1'} onChange={(e) => list.filter({ costMissing: e.target.checked ? '1' : undefined })}>
          仅看未填成本价
        </Checkbox>
        <ExportButton run={() => goodsApi.exportSupplierGoods(filters)} />
      </Space>
      <Table<SupplierGoodsRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无供应商商品：在“商品关联”中关联后会出现在这里' }}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
      <Modal
        title={pricing ? `修改成本价：${pricing.supplierName} ${pricing.artNo} ${[pricing.color, pricing.size].filter(Boolean).join('/')}` : ''}
        open={pricing !== null}
        onCancel={list.closeDialog}
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
