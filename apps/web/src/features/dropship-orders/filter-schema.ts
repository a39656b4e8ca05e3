/**
 * The list filter's schema on its own, loaded when the filter form first checks a field (a dynamic
 * import of this module): the list page itself loads no zod (decision 0040).
 */
export { DropshipFilterShape } from '@dropship/contract';
