import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export default function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="无权限"
      subTitle="抱歉，您没有权限访问该页面，请联系主账号管理员开通权限。"
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          返回首页
        </Button>
      }
    />
  );
}
