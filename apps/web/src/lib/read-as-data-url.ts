/** A picked file as a data: URL, the form the image uploads send (the server checks the bytes again). */
export const readAsDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('读取图片失败'));
    r.readAsDataURL(file);
  });
