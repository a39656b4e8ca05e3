/**
 * 设置权限: the role's codes ticked in the grant tree (menu groups → pages → pages inside them)
 * of the caller's audience and brand variant. Group headings are never sent.
 */
import { GROUP_CODE_PREFIX, type PermissionNode, type RoleRow, roleGrantTree } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Space, Spin, Tree, type TreeDataNode, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useShell } from '../../app/shell-context';
import { accountApi, accountKeys } from './api';
import { toggle, treeCheckState } from './grant-tree';

const toTreeData = (nodes: PermissionNode[]): TreeDataNode[] => nodes.map((n) => ({ key: n.code, title: n.name, children: toTreeData(n.children) }));

function allKeys(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((n) => [n.code, ...allKeys(n.children)]);
}

export function RolePermissionDrawer({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const shell = useShell();
  const audience = shell?.access?.audience ?? 'seller';
  const tree = useMemo(() => roleGrantTree(audience, shell?.brand), [audience, shell?.brand]);
  const known = useMemo(() => new Set(allKeys(tree)), [tree]);
  const codes = useQuery({ queryKey: accountKeys.roleCodes(role?.id ?? 0), queryFn: () => accountApi.roleCodes(role?.id ?? 0), enabled: role !== null });
  const [checked, setChecked] = useState<string[]>([]);
  useEffect(() => {
    // Only the codes this tree shows are ticked here; codes hidden on this variant are kept on save.
    if (codes.data) setChecked(codes.data.codes.filter((c) => known.has(c)));
  }, [codes.data, known]);

  const save = useMutation({
    mutationFn: () => {
      const hiddenHere = (codes.data?.codes ?? []).filter((c) => !known.has(c));
      return accountApi.authorize(role?.id ?? 0, [...new Set([...checked, ...hiddenHere])]);
    },
    onSuccess: () => {
      message.success('权限已保存');
      void qc.invalidateQueries({ queryKey: accountKeys.all });
      onClose();
    },
  });

  return (
    <Drawer
      title={role ? `设置权限：${role.name}` : '设置权限'}
      open={role !== null}
      onClose={onClose}
      size={480}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => setChecked(allKeys(tree).filter((c) => !c.startsWith(GROUP_CODE_PREFIX)))}>全选</Button>
          <Button onClick={() => setChecked([])}>清空</Button>
          <Button type="primary" loading={save.isPending} disabled={!codes.data} onClick={() => save.mutate()}>
            保存
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">勾选子账号可以使用的菜单和页面。工作台所有子账号都可以使用；账号管理只有主账号可以使用。</Typography.Paragraph>
      {codes.isLoading ? (
        <Spin />
      ) : (
        <Tree
          checkable
          defaultExpandAll
          selectable={false}
          treeData={toTreeData(tree)}
          checkStrictly
          checkedKeys={treeCheckState(tree, checked)}
          onCheck={(_keys, info) => setChecked((prev) => toggle(tree, prev, String(info.node.key), info.checked))}
          aria-label="权限"
        />
      )}
    </Drawer>
  );
}
