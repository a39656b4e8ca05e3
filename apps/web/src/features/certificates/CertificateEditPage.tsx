/**
 * 新建合格证 / 编辑 (/basicSet/addCustomCertificate[?id=]): every certificate field, wash-care
 * symbols, and a live preview the server renders (SVG, 1 s after the last change).
 */
import { CertificateFields } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Row, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { debounce } from '../../lib/debounce';
import { zodRule } from '../../lib/zod-rule';
import { SvgPreview } from '../labels-designer/SvgPreview';
import { printingApi } from '../printing/printing-api';
import { certificateApi, certificateKeys } from './api';
import { certificateFieldsOf, emptyCertificate, TEXT_FIELDS } from './certificate-fields';
import { WashedLabelsField } from './WashedLabelsField';

const LIST_PATH = '/basicSet/customCertificate';

export default function CertificateEditPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const detail = useQuery({ queryKey: certificateKeys.detail(id ?? 0), queryFn: () => certificateApi.detail(id ?? 0), enabled: id !== undefined });
  const [form] = Form.useForm<CertificateFields>();
  const [svg, setSvg] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);

  useEffect(() => {
    if (detail.data) form.setFieldsValue(certificateFieldsOf(detail.data));
  }, [detail.data, form]);

  const refresh = useMemo(
    () =>
      debounce((fields: CertificateFields) => {
        printingApi.renderSvg({ kind: 'certificate', data: [{ ...fields, quantity: 1 }] }).then(
          (s) => {
            setSvg(s);
            setPreviewError(null);
          },
          (e: unknown) => setPreviewError(e instanceof Error ? e.message : '预览失败'),
        );
      }),
    [],
  );
  useEffect(() => () => refresh.cancel(), [refresh]);
  // The first preview of a new certificate shows at once; later ones wait for a pause in typing.
  useEffect(() => {
    if (id !== undefined && !detail.data) return;
    refresh(certificateFieldsOf(detail.data ?? emptyCertificate()));
    refresh.flush();
  }, [id, detail.data, refresh]);

  const save = useMutation({
    mutationFn: (v: CertificateFields) => certificateApi.save({ ...certificateFieldsOf(v), ...(id ? { id } : {}) }),
    onSuccess: () => {
      message.success('保存成功');
      void qc.invalidateQueries({ queryKey: certificateKeys.all });
      navigate(LIST_PATH);
    },
  });

  if (id !== undefined && detail.isLoading) return <Spin description="正在加载…" />;

  return (
    <div>
      <Typography.Title level={4}>{id ? '编辑合格证' : '新建合格证'}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card size="small">
            <Form<CertificateFields>
              form={form}
              layout="horizontal"
              labelCol={{ flex: '96px' }}
              initialValues={emptyCertificate()}
              onValuesChange={(_, all) => refresh(certificateFieldsOf(all))}
              onFinish={(v) => save.mutate(v)}
            >
              {TEXT_FIELDS.map((f) => (
                <Form.Item
                  key={f.name}
                  name={f.name}
                  label={f.label}
                  // The contract lets the title be blank (it prints 合格证 then); the form asks for one.
                  rules={[
                    ...(f.name === 'title' ? [{ required: true, whitespace: true, message: '请输入标题' }] : []),
                    zodRule(CertificateFields.shape[f.name]),
                  ]}
                >
                  {f.long ? <Input.TextArea rows={2} maxLength={f.max} showCount /> : <Input maxLength={f.max} placeholder={`请输入${f.label}`} />}
                </Form.Item>
              ))}
              <Form.Item
                name="washedLabelList"
                label="洗涤标识"
                rules={[
                  {
                    validator: async (_, list: CertificateFields['washedLabelList'] = []) => {
                      if (list.some((w) => !w.zhDesc.trim())) throw new Error('请填写每个洗涤标识的中文说明');
                    },
                  },
                ]}
              >
                <WashedLabelsField />
              </Form.Item>
              <Form.Item label=" " colon={false}>
                <Space>
                  <Button type="primary" htmlType="submit" loading={save.isPending}>
                    保存
                  </Button>
                  <Button onClick={() => navigate(LIST_PATH)}>返回</Button>
                </Space>
              </Form.Item>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title="预览">
            <div style={{ textAlign: 'center', background: '#f5f5f5', padding: 12 }}>
              {previewError ? <Typography.Text type="danger">{previewError}</Typography.Text> : null}
              {svg ? <SvgPreview svg={svg} alt="合格证预览" scale={1.5} /> : null}
            </div>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
