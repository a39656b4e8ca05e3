/**
 * Order statuses 申请售后 is offered on: paid and not cancelled (the server checks each line). On its
 * own so a list can show the button without loading the dialog (ApplyAfterSaleModal).
 */
export const AFTER_SALE_ALLOWED = new Set(['WAITING_DELIVERING', 'DELIVERED', 'FINISHED']);
