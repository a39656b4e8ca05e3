/**
 * 按规则关联: a pattern such as 档口#货号 over the outer code or title, previewed before anything is
 * written, then applied in batches with a progress bar. Conflicts with existing links are only
 * overwritten when the seller ticks it. Rules can be saved for next time.
 */
import { type LinkRuleFields, RULE_SOURCE_NAMES, type RuleApplyResult, type RuleOutcome, type RulePreviewResult, type RuleSource } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Progress, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { goodsApi, goodsKeys } from '../api';
import { SupplierSelect } from '../components/SupplierSelect';
import { RulePreviewTable } from './RulePreviewTable';

interface Values {
  source: RuleSource;
  pattern: string;
  supplierId?: number;
  scope: 'UNLINKED' | 'ALL';
  name?: string;
}

const BATCH = 2000;
const EMPTY = { NEW: 0, SAME: 0, CONFLICT: 0, UNMATCHED: 0 };

export function RuleModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const rules = useQuery({ queryKey: goodsKeys.rules, queryFn: goodsApi.rules, enabled: open });
  const [ruleId, setRuleId] = useState<number | undefined>();
  const [preview, setPreview] = useState<RulePreviewResult | null>(null);
  const [outcome, setOutcome] = useState<RuleOutcome | 'ALL'>('ALL');
  const [overwrite, setOverwrite] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number; counts: typeof EMPTY; overwritten: number; finished: boolean } | null>(null);

  const ruleOf = (v: Values): LinkRuleFields => ({ source: v.source, pattern: v.pattern.trim(), supplierId: v.supplierId ?? null });
  const previewCall = useMutation({
    mutationFn: ({ v, o }: { v: Values; o: RuleOutcome | 'ALL' }) =>
      goodsApi.previewRule({ rule: ruleOf(v), scope: v.scope, limit: 100, ...(o === 'ALL' ? {} : { outcome: o }) }),
    onSuccess: (p) => setPreview(p),
  });
  const runPreview = (o = outcome) => form.validateFields(['source', 'pattern', 'supplierId', 'scope']).then((v) => previewCall.mutate({ v: v as Values, o }));

  const apply = useMutation({
    mutationFn: async (v: Values) => {
      let afterId = 0;
      let state = { done: 0, total: 0, counts: { ...EMPTY }, overwritten: 0, finished: false };
      for (;;) {
        const r: RuleApplyResult = await goodsApi.applyRule({
          rule: ruleOf(v),
          ...(ruleId ? { ruleId } : {}),
          scope: v.scope,
          overwrite,
          afterId,
          limit: BATCH,
        });
        const counts = { ...state.counts };
        for (const k of Object.keys(counts) as RuleOutcome[]) counts[k] += r.counts[k];
        state = {
          done: state.done + r.processed,
          total: state.total || r.total,
          counts,
          overwritten: state.overwritten + r.overwritten,
          finished: r.nextAfterId === null,
        };
        setProgress(state);
        if (r.nextAfterId === null) return state;
        afterId = r.nextAfterId;
      }
    },
    onSuccess: (s) => {
      message.success(`已关联 ${s.counts.NEW + s.overwritten} 个商品`);
      void qc.invalidateQueries({ queryKey: goodsKeys.all });
    },
  });

  const saveRule = useMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      if (!v.name?.trim()) throw new Error('请填写规则名称后再保存');
      return goodsApi.saveRule({ ...ruleOf(v), name: v.name.trim(), ...(ruleId ? { id: ruleId } : {}) });
    },
    onSuccess: (r) => {
      setRuleId(r.id);
      message.success('规则已保存');
      void qc.invalidateQueries({ queryKey: goodsKeys.rules });
    },
  });
  const removeRule = useMutation({
    mutationFn: (id: number) => goodsApi.removeRule(id),
    onSuccess: () => {
      setRuleId(undefined);
      void qc.invalidateQueries({ queryKey: goodsKeys.rules });
    },
  });

  const reset = () => {
    setPreview(null);
    setProgress(null);
    setOverwrite(false);
  };
  const close = () => {
    if (apply.isPending) return;
    reset();
    onClose();
  };
  const load = (id: number | undefined) => {
    setRuleId(id);
    const r = rules.data?.find((x) => x.id === id);
    if (r) form.setFieldsValue({ source: r.source, pattern: r.pattern, supplierId: r.supplierId ?? undefined, name: r.name });
    reset();
  };
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;

  return (
    <Modal title="按规则关联" open={open} onCancel={close} width={960} footer={null} destroyOnHidden maskClosable={!apply.isPending}>
      <Form
        form={form}
        layout="inline"
        initialValues={{ source: 'OUTER_CODE', pattern: '档口#货号', scope: 'UNLINKED' }}
        onValuesChange={(changed) => {
          // Naming the rule does not change what it does: keep the preview.
          if (!('name' in changed)) reset();
        }}
        style={{ rowGap: 12 }}
      >
        <Form.Item label="已保存的规则">
          <Select
            aria-label="已保存的规则"
            allowClear
            style={{ width: 180 }}
            value={ruleId}
            placeholder="选择规则"
            options={(rules.data ?? []).map((r) => ({ value: r.id, label: `${r.name}（${r.pattern}）` }))}
            onChange={load}
          />
        </Form.Item>
        <Form.Item name="source" label="匹配来源">
          <Select aria-label="匹配来源" style={{ width: 220 }} options={Object.entries(RULE_SOURCE_NAMES).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="pattern" label="规则格式" rules={[{ required: true, whitespace: true, message: '请输入规则格式' }]}>
          <Input aria-label="规则格式" maxLength={60} style={{ width: 200 }} placeholder="如 档口#货号" />
        </Form.Item>
        <Form.Item name="supplierId" label="固定档口">
          <SupplierSelect allowClear placeholder="规则不含“档口”时选择" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="scope" label="范围">
          <Radio.Group
            options={[
              { value: 'UNLINKED', label: '仅未关联的商品' },
              { value: 'ALL', label: '全部商品' },
            ]}
          />
        </Form.Item>
        <Form.Item name="name" label="规则名称">
          <Input maxLength={30} style={{ width: 160 }} placeholder="保存时填写" />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        规则由“档口、货号、颜色、尺码、价格”和分隔符组成，例如
        档口#货号、档口-货号-颜色-尺码。档口按供应商的档口编码、档口号或名称查找；颜色、尺码不在规则中时取商品规格。
      </Typography.Paragraph>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" ghost loading={previewCall.isPending} onClick={() => runPreview()}>
          预览
        </Button>
        <Button loading={saveRule.isPending} onClick={() => saveRule.mutate()}>
          保存规则
        </Button>
        {ruleId && (
          <Button danger loading={removeRule.isPending} onClick={() => removeRule.mutate(ruleId)}>
            删除规则
          </Button>
        )}
      </Space>
      {preview && (
        <RuleResult
          preview={preview}
          outcome={outcome}
          loading={previewCall.isPending}
          onOutcome={(o) => {
            setOutcome(o);
            void runPreview(o);
          }}
        />
      )}
      {preview && preview.counts.CONFLICT > 0 && (
        <Checkbox checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} style={{ marginTop: 8 }}>
          覆盖 {preview.counts.CONFLICT} 个已关联到其他货号的商品（不勾选则保持不变）
        </Checkbox>
      )}
      {progress && (
        <div style={{ marginTop: 12 }}>
          <Progress percent={progress.finished ? 100 : percent} status={progress.finished ? 'success' : 'active'} aria-label="关联进度" />
          <Typography.Text data-testid="rule-apply-result">
            已处理 {progress.done} 个：新关联 {progress.counts.NEW}，覆盖 {progress.overwritten}，已是该关联 {progress.counts.SAME}，冲突未改{' '}
            {progress.counts.CONFLICT}，未匹配 {progress.counts.UNMATCHED}
          </Typography.Text>
        </div>
      )}
      <Space style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={close} disabled={apply.isPending}>
          关闭
        </Button>
        <Button
          type="primary"
          disabled={!preview || (preview.counts.NEW === 0 && !(overwrite && preview.counts.CONFLICT > 0)) || progress?.finished === true}
          loading={apply.isPending}
          onClick={() => form.validateFields().then((v) => apply.mutate(v))}
        >
          执行关联
        </Button>
      </Space>
    </Modal>
  );
}

function RuleResult(props: React.ComponentProps<typeof RulePreviewTable>) {
  return (
    <>
      {props.preview.total === 0 && <Alert type="info" showIcon title="范围内没有商品" />}
      <RulePreviewTable {...props} />
    </>
  );
}
