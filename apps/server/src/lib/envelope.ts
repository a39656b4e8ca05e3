/** The success envelope of every call: errorCode 0 (SPEC.md section 7). */
export const ok = <T>(data: T) => ({ errorCode: 0, errorMsg: '成功', data });
