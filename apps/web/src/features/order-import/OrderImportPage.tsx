/**
 * 订单导入 (/order/intelligentImport): choose shop and file → recognized layout or column mapping
 * → preview with each bad row's reason → import with progress → result; the import history below.
 * The job in progress is in the URL (?jobId=, with the preview's 仅看错误 and page: one list whose
 * subject is the job), so a refresh or a link from the history opens it at its step.
 */
import type { ImportInspectResult, ImportMapping } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Space, Spin, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { oneOf, positiveInt, useListPage } from '../../lib/list-page';
import { importApi, importKeys } from './api';
import { ImportHistory } from './components/ImportHistory';
import { ImportResultStep } from './components/ImportResultStep';
import { LayoutStep } from './components/LayoutStep';
import { PreviewStep } from './components/PreviewStep';
import { UploadStep, type UploadValue } from './components/UploadStep';
import { isRunning, type StepIndex, stepOf } from './import-state';

const STEPS = ['选择文件', '识别格式', '预览检查', '导入', '完成'].map((title) => ({ title }));
/** The preview's rows: of the job, all or only the bad ones ('1'). */
const PREVIEW_LIST = { filters: { jobId: positiveInt(), errorsOnly: oneOf(['1'] as const) } };

export default function OrderImportPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const preview = useListPage(PREVIEW_LIST);
  const { jobId } = preview.filters;
  const errorsOnly = preview.filters.errorsOnly === '1';
  /** Opens a job at its step: its preview from page 1, all rows. */
  const openJob = (id: number) => preview.search({ jobId: id });

  const [localStep, setLocalStep] = useState<0 | 1>(0);
  const [upload, setUpload] = useState<UploadValue>({});
  const [inspect, setInspect] = useState<ImportInspectResult | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [editing, setEditing] = useState(false);

  const shops = useQuery({ queryKey: importKeys.shops(), queryFn: importApi.shops });
  const job = useQuery({
    queryKey: importKeys.job(jobId ?? 0),
    queryFn: () => importApi.job(jobId ?? 0),
    enabled: jobId !== undefined,
    refetchInterval: (q) => (isRunning(q.state.data?.status) ? 1000 : false),
  });
  const status = job.data?.status;
  useEffect(() => {
    if (status && !isRunning(status)) void qc.invalidateQueries({ queryKey: [...importKeys.all, 'history'] });
  }, [status, qc]);

  const inspectFile = useMutation({
    mutationFn: () => importApi.inspect({ file: upload.file as File, ...(upload.detailFile ? { detailFile: upload.detailFile } : {}) }),
    onSuccess: (r) => {
      setInspect(r);
      setMapping(r.mapping);
      setEditing(false);
      const named = r.shopName ? shops.data?.find((s) => s.name === r.shopName) : undefined;
      if (!upload.shopId && named) setUpload((u) => ({ ...u, shopId: named.id }));
      setLocalStep(1);
    },
  });
  const create = useMutation({
    mutationFn: () => {
      if (!upload.shopId) throw new Error('请选择要导入到的店铺');
      const custom = inspect?.layout === 'CUSTOM' || editing;
      return importApi.create({
        file: upload.file as File,
        ...(upload.detailFile ? { detailFile: upload.detailFile } : {}),
        shopId: upload.shopId,
        ...(custom ? { mapping } : {}),
      });
    },
    onSuccess: ({ jobId: id }) => openJob(id),
  });
  const confirm = useMutation({
    mutationFn: () => importApi.confirm(jobId ?? 0),
    onSuccess: (j) => qc.setQueryData(importKeys.job(j.id), j),
  });
  const restart = () => {
    if (job.data?.status === 'PREVIEW') importApi.cancel(job.data.id).catch(() => undefined);
    setUpload((u) => ({ shopId: u.shopId }));
    setInspect(null);
    setLocalStep(0);
    preview.search({});
  };
  const downloadErrors = () => job.data && importApi.errors(job.data.id, job.data.fileName).catch((e: Error) => message.error(e.message));

  const step: StepIndex = jobId !== undefined && job.data ? stepOf(job.data.status) : localStep;
  let content: React.ReactNode;
  if (jobId !== undefined && !job.data) content = <Spin />;
  else if (job.data && step >= 2) {
    content =
      step === 2 ? (
        <PreviewStep
          job={job.data}
          query={{ pageNo: preview.pageNo, pageSize: preview.pageSize, errorsOnly }}
          onErrorsOnly={(on) => preview.filter({ errorsOnly: on ? '1' : undefined })}
          pagination={preview.pagination}
          onConfirm={() => confirm.mutate()}
          onRestart={restart}
          onErrors={downloadErrors}
          confirming={confirm.isPending}
        />
      ) : (
        <ImportResultStep job={job.data} onRestart={restart} onErrors={downloadErrors} />
      );
  } else if (localStep === 1 && inspect) {
    content = (
      <LayoutStep
        inspect={inspect}
        mapping={mapping}
        onMapping={setMapping}
        editing={editing}
        onEditing={setEditing}
        onBack={() => setLocalStep(0)}
        onNext={() => create.mutate()}
        creating={create.isPending}
      />
    );
  } else {
    content = (
      <UploadStep
        shops={shops.data ?? []}
        value={upload}
        onChange={setUpload}
        onNext={() => inspectFile.mutate()}
        onTemplate={() => importApi.template().catch((e: Error) => message.error(e.message))}
        checking={inspectFile.isPending}
      />
    );
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        订单导入
      </Typography.Title>
      <Card>
        <Steps current={step} items={STEPS} style={{ marginBottom: 24 }} />
        {content}
      </Card>
      <ImportHistory onOpen={openJob} live={isRunning(status)} />
    </Space>
  );
}
