/** 拍照/上传 a parcel photo from a phone's camera or a file; the server checks the bytes (JPEG/PNG/WebP, ≤2MB, ≤9 per parcel). */
import { CameraOutlined } from '@ant-design/icons';
import { PARCEL_PHOTO_MAX_BYTES } from '@dropship/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Upload } from 'antd';
import { readAsDataUrl } from '../../../lib/read-as-data-url';
import { headlessApi, headlessKeys } from '../api';

export function PhotoUploadButton({ parcelId, disabled }: { parcelId: number; disabled?: boolean }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const upload = useMutation({
    mutationFn: async (file: File) => headlessApi.uploadPhoto(parcelId, await readAsDataUrl(file)),
    onSuccess: () => {
      message.success('照片已上传');
      void qc.invalidateQueries({ queryKey: headlessKeys.all });
    },
  });
  return (
    <Upload
      accept="image/jpeg,image/png,image/webp"
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        if (file.size > PARCEL_PHOTO_MAX_BYTES) message.error('图片不能超过2MB，请压缩后重新上传');
        else upload.mutate(file);
        return false;
      }}
    >
      <Button size="small" icon={<CameraOutlined />} loading={upload.isPending} disabled={disabled}>
        拍照上传
      </Button>
    </Upload>
  );
}
