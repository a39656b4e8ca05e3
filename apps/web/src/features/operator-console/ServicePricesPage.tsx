/**
 * 服务价格 (/operator/servicePrices): the prices the platform charges sellers, in two forms each saved
 * on its own: the dropship service fee per item with the weight an item counts as (express module),
 * and the speed-delivery fee with the pay-later credit (fulfilment settings). Yuan on screen, fen sent.
 */
import { fenToYuan, yuanToFen } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Spin, Typography } from 'antd';
import { normalizePriceInput, priceRule } from '../../lib/price';
import { consoleApi, consoleKeys } from './api';

const yuanRules = (label: string) => [{ required: true, message: `请输入${label}` }, priceRule];

function ExpressSettingsCard() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: consoleKeys.expressSettings(), queryFn: consoleApi.expressSettings });
  const save = useMutation({
    mutationFn: consoleApi.saveExpressSettings,
    onSuccess: (saved) => {
      message.success('代发服务费已保存');
      queryClient.setQueryData(consoleKeys.expressSettings(), saved);
    },
  });
  return (
    <Card title="代发服务费" style={{ marginBottom: 16 }}>
      {current.data ? (
        <Form
          layout="vertical"
          style={{ maxWidth: 420 }}
          initialValues={{ fee: fenToYuan(current.data.serviceFeePerItemFen), itemWeightGrams: current.data.itemWeightGrams }}
          onFinish={(v: { fee: string; itemWeightGrams: number }) =>
            save.mutate({ serviceFeePerItemFen: yuanToFen(v.fee) ?? 0, itemWeightGrams: v.itemWeightGrams })
          }
        >
          <Form.Item name="fee" label="每件服务费（元）" normalize={normalizePriceInput} rules={yuanRules('每件服务费')}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="itemWeightGrams"
            label="每件计重（克）"
            rules={[{ required: true, message: '请输入每件计重' }]}
            extra="订单没有重量时，每件商品按此重量计算运费"
          >
            <InputNumber min={1} max={100_000} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存代发服务费
          </Button>
        </Form>
      ) : (
        <Spin />
      )}
    </Card>
  );
}

function FulfilmentPricesCard() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: consoleKeys.fulfilmentPrices(), queryFn: consoleApi.fulfilmentPrices });
  const save = useMutation({
    mutationFn: consoleApi.saveFulfilmentPrices,
    onSuccess: (saved) => {
      message.success('加急费与货到付款额度已保存');
      queryClient.setQueryData(consoleKeys.fulfilmentPrices(), saved);
    },
  });
  return (
    <Card title="加急费与货到付款额度">
      {current.data ? (
        <Form
          layout="vertical"
          style={{ maxWidth: 420 }}
          initialValues={{ speed: fenToYuan(current.data.speedDeliveryFeeFen), credit: fenToYuan(current.data.payLaterCreditFen) }}
          onFinish={(v: { speed: string; credit: string }) =>
            save.mutate({ speedDeliveryFeeFen: yuanToFen(v.speed) ?? 0, payLaterCreditFen: yuanToFen(v.credit) ?? 0 })
          }
        >
          <Form.Item name="speed" label="加急费（元/单）" normalize={normalizePriceInput} rules={yuanRules('加急费')} extra="卖家开启加急发货后每单收取">
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="credit"
            label="货到付款额度（元）"
            normalize={normalizePriceInput}
            rules={yuanRules('货到付款额度')}
            extra="卖家开通货到付款后，未扣款的订单和未付的补款最多可占用的金额"
          >
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存加急费与额度
          </Button>
        </Form>
      ) : (
        <Spin />
      )}
    </Card>
  );
}

export default function ServicePricesPage() {
  return (
    <div>
      <Typography.Title level={4}>服务价格</Typography.Title>
      <ExpressSettingsCard />
      <FulfilmentPricesCard />
    </div>
  );
}
