export { serviceCallKeys } from './serviceCallKeys';
export { openServiceCallPdf } from './serviceCallPdf';
export { STATUS_STYLE, statusToneOf, type ServiceCallStatusTone } from './serviceCallStatus';
export { ServiceCallStatusTag } from './ServiceCallStatusTag';
export { ServiceOrderNumber, type ServiceOrderNumberProps } from './ServiceOrderNumber';
export { PagedServiceCalls, type PagedServiceCallsProps, type ServiceCallColumn } from './PagedServiceCalls';
export { nextVisitOf } from './nextVisit';
