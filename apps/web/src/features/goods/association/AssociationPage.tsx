/**
 * 商品关联 (/goods/association): every shop SKU from orders and imports with its link to a supplier
 * item. Filters and paging live in the URL. Link one by hand, many to one article, by rule (with a
 * preview), unlink; export the links to Excel and import them back (conflicts listed, never
 * silently overwritten).
 */
import { LinkOutlined } from '@ant-design/icons';
import { CHANNEL_NAMES, type Channel, type LinkResult, type ShopSkuRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Segmented, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { GoodsThumb } from '../../../lib/goods-thumb';
import { ExportButton, oneOf, positiveInt, text, useColumnSettings, useListPage } from '../../../lib/list-page';
import { rowSelectionDefaults, withColumnMinWidth } from '../../../lib/table-defaults';
import { fileToBase64, goodsApi, goodsKeys } from '../api';
import { ImportExcelButton } from '../components/ImportExcelButton';
import { yuanLabel } from '../components/price';
import { SupplierSelect } from '../components/SupplierSelect';
import { BulkLinkModal } from './BulkLinkModal';
import { LinkHistoryModal } from './LinkHistoryModal';
import { LinkModal } from './LinkModal';
import { LinkResultModal, type ShownResult } from './LinkResultModal';
import { RuleModal } from './RuleModal';

const LINKED_OPTIONS = [
  { value: 'ALL', label: '全部' },
  { value: 'UNLINKED', label: '未关联' },
  { value: 'LINKED', label: '已关联' },
];

const LIST = {
  filters: {
    linked: oneOf(['ALL', 'LINKED', 'UNLINKED'] as const).or('ALL'),
    channel: oneOf(Object.keys(CHANNEL_NAMES) as Channel[]),
    keyword: text(60),
    supplierId: positiveInt(),
  },
  dialogs: ['link', 'bulk', 'rules', 'history'] as const,
};

export default function AssociationPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useListPage(LIST);
  const v = list.filters;
  const filters = list.active;
  const { query } = list;
  const page = useQuery({ queryKey: goodsKeys.association(query), queryFn: () => goodsApi.association(query), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<number[]>([]);
  const linking = list.dialogRow('link', page.data?.list) ?? null;
  const history = list.dialogRow('history', page.data?.list) ?? null;
  const [result, setResult] = useState<ShownResult | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: goodsKeys.all });

  const unlink = useMutation({
    mutationFn: (ids: number[]) => goodsApi.unlink(ids),
    onSuccess: (r) => {
      message.success(`已取消 ${r.count} 个商品的关联`);
      setSelected([]);
      void refresh();
    },
  });
  const importing = useMutation({
    mutationFn: async ({ fileName, base64, overwrite }: { fileName: string; base64: string; overwrite: boolean }) => ({
      r: await goodsApi.importLinks(fileName, base64, overwrite),
      fileName,
      base64,
    }),
    onSuccess: ({ r, fileName, base64 }) => {
      void refresh();
      setResult({
        title: '导入结果',
        result: r,
        ...(r.conflicts.length > 0 ? { onOverwrite: () => importing.mutate({ fileName, base64, overwrite: true }) } : {}),
      });
    },
  });
  const showBulk = (r: LinkResult) => {
    void refresh();
    setSelected([]);
    setResult({ title: '批量关联结果', result: r });
  };

  const columns = withColumnMinWidth<TableColumnsType<ShopSkuRow>[number]>([
    {
      title: '商品',
      key: 'goods',
      width: 340,
      render: (_: unknown, r) => (
        <Space align="start">
          <GoodsThumb src={r.picUrl} alt={r.title || '商品'} />
          <Space orientation="vertical" size={0}>
            <Typography.Text>{r.title || '（无标题）'}</Typography.Text>
            <Typography.Text type="secondary">{r.spec || '无规格'}</Typography.Text>
          </Space>
        </Space>
      ),
    },
    {
      title: '平台 / 商品ID / SKU ID',
      key: 'ids',
      render: (_: unknown, r) => (
        <Space orientation="vertical" size={0}>
          <span>{CHANNEL_NAMES[r.channel as Channel] ?? r.channel}</span>
          <Typography.Text type="secondary">{[r.itemId, r.skuId].filter(Boolean).join(' / ') || '—'}</Typography.Text>
        </Space>
      ),
    },
    { title: '商家编码', key: 'codes', render: (_: unknown, r) => r.outerSkuCode || r.outerItemCode || '—' },
    {
      title: '关联的供应商商品',
      key: 'link',
      width: 260,
      render: (_: unknown, r) =>
        r.link ? (
          <Space orientation="vertical" size={0} data-testid="link-cell">
            <span>
              {r.link.supplierName} {r.link.supplierStatus !== 'ENABLED' && <Tag color="red">已停用</Tag>}
            </span>
            <span>
              货号 {r.link.artNo} {[r.link.color, r.link.size].filter(Boolean).join('/')}
            </span>
            <Typography.Text type="secondary">
              {yuanLabel(r.link.costFen)} · v{r.link.version}
            </Typography.Text>
          </Space>
        ) : (
          <Tag>未关联</Tag>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      // Fixed, so 关联 stays on screen however wide the goods' texts make the row.
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => list.openDialog('link', r.id)}>
            {r.link ? '修改' : '关联'}
          </Button>
          {r.link && (
            <>
              <Button type="link" size="small" onClick={() => list.openDialog('history', r.id)}>
                历史
              </Button>
              <Popconfirm title="确定取消该商品的关联吗？" onConfirm={() => unlink.mutateAsync([r.id])}>
                <Button type="link" size="small" danger>
                  取消关联
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ]);
  // 列设置, remembered per account like 代发订单's (操作 always stays).
  const columnSettings = useColumnSettings('goods-association', columns);

  return (
    <div>
      <Typography.Title level={4}>商品关联</Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented aria-label="关联状态" value={v.linked} options={LINKED_OPTIONS} onChange={(linked) => list.filter({ linked: linked as typeof v.linked })} />
        <Select
          aria-label="平台"
          style={{ width: 140 }}
          value={v.channel ?? ''}
          onChange={(channel) => list.filter({ channel: (channel || undefined) as Channel | undefined })}
          options={[{ value: '', label: '全部平台' }, ...Object.entries(CHANNEL_NAMES).map(([value, label]) => ({ value, label }))]}
        />
        <SupplierSelect
          forFilter
          allowClear
          placeholder="全部档口"
          value={v.supplierId ?? null}
          onChange={(id) => list.filter({ supplierId: id ?? undefined })}
        />
        <Input.Search
          aria-label="搜索商品"
          placeholder="标题、商家编码、商品ID、货号"
          allowClear
          enterButton="搜索"
          defaultValue={v.keyword}
          maxLength={60}
          style={{ width: 320 }}
          onSearch={(keyword) => list.filter({ keyword })}
        />
      </Space>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<LinkOutlined />} onClick={() => list.openDialog('rules')}>
          按规则关联
        </Button>
        <Button disabled={selected.length === 0} onClick={() => list.openDialog('bulk')}>
          批量关联{selected.length > 0 ? `（${selected.length}）` : ''}
        </Button>
        <Popconfirm
          title={`确定取消选中的 ${selected.length} 个商品的关联吗？`}
          disabled={selected.length === 0}
          onConfirm={() => unlink.mutateAsync(selected)}
        >
          <Button disabled={selected.length === 0}>取消关联</Button>
        </Popconfirm>
        <ExportButton run={() => goodsApi.exportLinks(filters)} />
        <ImportExcelButton
          loading={importing.isPending}
          onFile={(file) => void fileToBase64(file).then((base64) => importing.mutate({ fileName: file.name, base64, overwrite: false }))}
        />
        {columnSettings.button}
      </Space>
      <Table<ShopSkuRow>
        rowKey="id"
        columns={columnSettings.columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无商品：同步或导入店铺订单后，订单中的商品会出现在这里' }}
        rowSelection={{ ...rowSelectionDefaults, selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
      <LinkModal target={linking} onClose={list.closeDialog} />
      <BulkLinkModal ids={list.isOpen('bulk') && selected.length > 0 ? selected : null} onClose={list.closeDialog} onDone={showBulk} />
      <RuleModal open={list.isOpen('rules')} onClose={list.closeDialog} />
      <LinkHistoryModal sku={history} onClose={list.closeDialog} />
      <LinkResultModal shown={result} overwriting={importing.isPending} onClose={() => setResult(null)} />
    </div>
  );
}
