/**
 * 拿货标签设计 (/tagEditorFabric): the seller arranges the pick-up tag (and the return tag) on a
 * Fabric canvas, previews it as the server renders it, prints it and saves it as a template.
 */
import { DeleteOutlined, EyeOutlined, PlusOutlined, PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import { defaultPickupTagTemplate, type PickupTagTemplate, type TagKey } from '@dropship/labels/template';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Modal, Popconfirm, Row, Segmented, Select, Space, Spin, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { printLabels } from '../printing/print-labels';
import { printingApi } from '../printing/printing-api';
import { tagTemplateApi, tagTemplateKeys } from './api';
import { ElementPalette } from './ElementPalette';
import { ElementStylePanel } from './ElementStylePanel';
import { SaveTemplateModal, type SaveTemplateValues } from './SaveTemplateModal';
import { SvgPreview } from './SvgPreview';
import { TagCanvas } from './TagCanvas';
import {
  boxesOf,
  canvasSize,
  type Geometry,
  mockItem,
  parseTemplate,
  type StylePatch,
  selectChild,
  setChecked,
  setFieldText,
  setGeometry,
  setStyle,
  type TagPart,
} from './tag-model';

/** The template being edited and where it is saved (id null: not saved yet). */
interface EditedTemplate {
  id: number | null;
  name: string;
  isDefault: boolean;
  template: PickupTagTemplate;
}

const PART_TABS = [
  { key: 'pickup', label: '拿货部分' },
  { key: 'return', label: '退货部分' },
];

export default function TagEditorPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const defaults = useQuery({ queryKey: tagTemplateKeys.default(), queryFn: tagTemplateApi.default });
  const list = useQuery({ queryKey: tagTemplateKeys.list(), queryFn: tagTemplateApi.list });
  const [doc, setDoc] = useState<EditedTemplate | null>(null);
  const [part, setPart] = useState<TagPart>('pickup');
  const [zoom, setZoom] = useState(2);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);
  const [previewSvg, setPreviewSvg] = useState<string | null>(null);

  // Open on the organisation's default (or the built-in one) once it arrives.
  useEffect(() => {
    const d = defaults.data;
    if (doc || !d) return;
    setDoc({ id: d.id, name: d.name, isDefault: d.isDefault, template: parseTemplate(d.template) });
  }, [defaults.data, doc]);

  const edit = useCallback((f: (t: PickupTagTemplate) => PickupTagTemplate) => setDoc((d) => (d ? { ...d, template: f(d.template) } : d)), []);
  const template = doc?.template;
  const boxes = useMemo(() => (template ? boxesOf(template, part) : []), [template, part]);
  const size = canvasSize(template ?? { width: 60, height: 40 });
  const selected = boxes.find((b) => b.id === selectedId);
  const renderBody = () => (template ? { kind: 'pickupTag' as const, data: [mockItem(template, part)], options: { template, pickupTagPart: part } } : null);

  const preview = useMutation({
    mutationFn: async () => {
      const body = renderBody();
      return body ? printingApi.renderSvg(body) : null;
    },
    onSuccess: (svg) => setPreviewSvg(svg),
  });
  const print = useMutation({
    mutationFn: async () => {
      const body = renderBody();
      return body ? printLabels(body) : null;
    },
    onSuccess: (r) => {
      if (r?.via === 'pdf') message.info('未连接打印控件，已生成 PDF，请在打印对话框中打印');
      else if (r) message.success('已发送到打印机');
    },
  });
  const save = useMutation({
    mutationFn: (v: SaveTemplateValues) => {
      if (!doc) throw new Error('模板尚未加载');
      const id = doc.id !== null && !v.asNew ? doc.id : undefined;
      const t = { ...doc.template, name: v.name.trim() };
      return tagTemplateApi.save({ id, name: v.name.trim(), isDefault: v.isDefault, template: t }).then((r) => ({ ...r, v, t }));
    },
    onSuccess: ({ id, v, t }) => {
      setDoc({ id, name: v.name.trim(), isDefault: v.isDefault, template: t });
      setSaveOpen(false);
      message.success('保存成功');
      void qc.invalidateQueries({ queryKey: tagTemplateKeys.all });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => tagTemplateApi.remove(id),
    onSuccess: async () => {
      message.success('删除成功');
      setDoc(null);
      setSelectedId(null);
      await qc.invalidateQueries({ queryKey: tagTemplateKeys.all });
    },
  });

  const pickTemplate = (id: number) => {
    const row = list.data?.find((r) => r.id === id);
    if (!row) return;
    setDoc({ id: row.id, name: row.name, isDefault: row.isDefault, template: parseTemplate(row.template) });
    setSelectedId(null);
  };
  const onGeometry = useCallback((id: string, g: Geometry) => edit((t) => setGeometry(t, part, id, g)), [edit, part]);
  const onStyle = (patch: StylePatch) => selectedId && edit((t) => setStyle(t, part, selectedId, patch));

  if (!doc || !template) return <Spin spinning={defaults.isLoading} description="正在加载模板…" />;

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            拿货标签设计
          </Typography.Title>
          <Select
            aria-label="选择模板"
            style={{ width: 220 }}
            placeholder={doc.id === null ? `${doc.name}（未保存）` : '选择模板'}
            value={doc.id ?? undefined}
            loading={list.isLoading}
            onChange={pickTemplate}
            options={(list.data ?? []).map((r) => ({ value: r.id, label: r.isDefault ? `${r.name}（默认）` : r.name }))}
          />
          <Button icon={<PlusOutlined />} onClick={() => setDoc({ id: null, name: '新建模板', isDefault: false, template: defaultPickupTagTemplate() })}>
            新建
          </Button>
          {doc.id !== null ? (
            <Popconfirm title="确定删除该模板吗？" onConfirm={() => doc.id !== null && remove.mutate(doc.id)}>
              <Button icon={<DeleteOutlined />} danger loading={remove.isPending}>
                删除
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
        <Space wrap>
          <Button icon={<EyeOutlined />} loading={preview.isPending} onClick={() => preview.mutate()}>
            预览
          </Button>
          <Button icon={<PrinterOutlined />} loading={print.isPending} onClick={() => print.mutate()}>
            打印 PDF
          </Button>
          <Button type="primary" icon={<SaveOutlined />} onClick={() => setSaveOpen(true)}>
            保存模板
          </Button>
        </Space>
      </Space>
      <Row gutter={12}>
        <Col xs={24} lg={6}>
          <Card size="small" title="标签元素">
            <Tabs
              size="small"
              activeKey={part}
              items={PART_TABS}
              onChange={(k) => {
                setPart(k as TagPart);
                setSelectedId(null);
              }}
            />
            <ElementPalette
              elements={template.datas[part].tagElements}
              onCheck={(key, checked) => edit((t) => setChecked(t, part, key, checked))}
              onChild={(key, child: TagKey) => edit((t) => selectChild(t, part, key, child))}
              onText={(key, text) => edit((t) => setFieldText(t, part, key, text))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            size="small"
            title={`${template.width} × ${template.height} mm`}
            extra={
              <Segmented<number>
                aria-label="缩放"
                value={zoom}
                onChange={setZoom}
                options={[
                  { label: '×1', value: 1 },
                  { label: '×2', value: 2 },
                  { label: '×3', value: 3 },
                ]}
              />
            }
          >
            <div style={{ overflow: 'auto', padding: 8, background: '#f5f5f5', textAlign: 'center' }}>
              <TagCanvas
                boxes={boxes}
                width={size.width}
                height={size.height}
                zoom={zoom}
                selectedId={selectedId}
                onSelect={setSelectedId}
                onChange={onGeometry}
              />
            </div>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
              拖动元素调整位置，拖动边角调整大小；画布上的文字为示例内容，打印时替换为订单数据。
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={6}>
          <Card size="small" title="元素属性">
            <ElementStylePanel box={selected} part={part} onStyle={onStyle} />
          </Card>
        </Col>
      </Row>
      <SaveTemplateModal
        open={saveOpen}
        saving={save.isPending}
        saved={doc.id !== null}
        initial={{ name: doc.name, isDefault: doc.isDefault }}
        onCancel={() => setSaveOpen(false)}
        onSave={(v) => save.mutate(v)}
      />
      <Modal title="标签预览" open={previewSvg !== null} footer={null} onCancel={() => setPreviewSvg(null)} width={720}>
        <div style={{ textAlign: 'center', background: '#f5f5f5', padding: 16 }}>
          {previewSvg ? <SvgPreview svg={previewSvg} alt="标签预览" scale={2} /> : null}
        </div>
      </Modal>
    </div>
  );
}
