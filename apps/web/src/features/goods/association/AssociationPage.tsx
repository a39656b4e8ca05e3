/**
 * 商品关联 (/goods/association): every shop SKU from orders and imports with its link to a supplier
 * item. Filters and paging live in the URL. Link one by hand, many to one article, by rule (with a
 * preview), unlink; export the links to Excel and import them back (conflicts listed, never
 * silently overwritten).
 */
import { DownloadOutlined, LinkOutlined } from '@ant-design/icons';
import { CHANNEL_NAMES, type Channel, type LinkResult, type ShopSkuRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Image, Input, Popconfirm, Segmented, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { rowSelectionDefaults, urlPagination, withColumnMinWidth } from '../../../lib/table-defaults';
import { nonEmpty, positiveInt, useUrlValues } from '../../../lib/url-state';
import { fileToBase64, goodsApi, goodsKeys } from '../api';
import { ImportExcelButton } from '../components/ImportExcelButton';
import { yuanLabel } from '../components/price';
import { SupplierSelect } from '../components/SupplierSelect';
import { BulkLinkModal } from './BulkLinkModal';
import { LinkHistoryModal } from './LinkHistoryModal';
import { LinkModal, type LinkTarget } from './LinkModal';
import { LinkResultModal, type ShownResult } from './LinkResultModal';
import { RuleModal } from './RuleModal';

/** Shown when a marketplace picture does not load (expired link, no network to the CDN). */
const NO_PICTURE =
  'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" fill="%23f0f0f0"/></svg>';

const LINKED_OPTIONS = [
  { value: 'ALL', label: '全部' },
  { value: 'UNLINKED', label: '未关联' },
  { value: 'LINKED', label: '已关联' },
];

export default function AssociationPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [v, set] = useUrlValues({ linked: 'ALL', channel: '', keyword: '', supplierId: '', pageNo: '1', pageSize: '20' });
  const filters = nonEmpty({
    linked: v.linked as 'ALL' | 'LINKED' | 'UNLINKED',
    channel: v.channel,
    keyword: v.keyword,
    supplierId: v.supplierId ? Number(v.supplierId) : undefined,
  });
  const query = { ...filters, pageNo: positiveInt(v.pageNo, 1), pageSize: positiveInt(v.pageSize, 20, 100) };
  const page = useQuery({ queryKey: goodsKeys.association(query), queryFn: () => goodsApi.association(query), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<number[]>([]);
  const [linking, setLinking] = useState<LinkTarget | null>(null);
  const [bulk, setBulk] = useState<number[] | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [history, setHistory] = useState<ShopSkuRow | null>(null);
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
  const exporting = useMutation({ mutationFn: () => goodsApi.exportLinks(filters) });
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
          {r.picUrl ? <Image src={r.picUrl} width={48} height={48} preview={false} fallback={NO_PICTURE} alt="" /> : null}
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
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setLinking(r)}>
            {r.link ? '修改' : '关联'}
          </Button>
          {r.link && (
            <>
              <Button type="link" size="small" onClick={() => setHistory(r)}>
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

  return (
    <div>
      <Typography.Title level={4}>商品关联</Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented aria-label="关联状态" value={v.linked} options={LINKED_OPTIONS} onChange={(linked) => set({ linked: String(linked), pageNo: 1 })} />
        <Select
          aria-label="平台"
          style={{ width: 140 }}
          value={v.channel}
          onChange={(channel) => set({ channel, pageNo: 1 })}
          options={[{ value: '', label: '全部平台' }, ...Object.entries(CHANNEL_NAMES).map(([value, label]) => ({ value, label }))]}
        />
        <SupplierSelect
          forFilter
          allowClear
          placeholder="全部档口"
          value={v.supplierId ? Number(v.supplierId) : null}
          onChange={(id) => set({ supplierId: id, pageNo: 1 })}
        />
        <Input.Search
          aria-label="搜索商品"
          placeholder="标题、商家编码、商品ID、货号"
          allowClear
          enterButton="搜索"
          defaultValue={v.keyword}
          maxLength={60}
          style={{ width: 320 }}
          onSearch={(keyword) => set({ keyword: keyword.trim(), pageNo: 1 })}
        />
      </Space>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<LinkOutlined />} onClick={() => setRulesOpen(true)}>
          按规则关联
        </Button>
        <Button disabled={selected.length === 0} onClick={() => setBulk(selected)}>
          批量关联{selected.length > 0 ? `（${selected.length}）` : ''}
        </Button>
        <Popconfirm
          title={`确定取消选中的 ${selected.length} 个商品的关联吗？`}
          disabled={selected.length === 0}
          onConfirm={() => unlink.mutateAsync(selected)}
        >
          <Button disabled={selected.length === 0}>取消关联</Button>
        </Popconfirm>
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
        <ImportExcelButton
          loading={importing.isPending}
          onFile={(file) => void fileToBase64(file).then((base64) => importing.mutate({ fileName: file.name, base64, overwrite: false }))}
        />
      </Space>
      <Table<ShopSkuRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无商品：同步或导入店铺订单后，订单中的商品会出现在这里' }}
        rowSelection={{ ...rowSelectionDefaults, selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={urlPagination(query, page.data?.total ?? 0, set)}
      />
      <LinkModal target={linking} onClose={() => setLinking(null)} />
      <BulkLinkModal ids={bulk} onClose={() => setBulk(null)} onDone={showBulk} />
      <RuleModal open={rulesOpen} onClose={() => setRulesOpen(false)} />
      <LinkHistoryModal sku={history} onClose={() => setHistory(null)} />
      <LinkResultModal shown={result} overwriting={importing.isPending} onClose={() => setResult(null)} />
    </div>
  );
}
