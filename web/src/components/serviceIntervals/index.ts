/** Service intervals and due dates (issue 38): what the instrument page and the inventory share. */
export { DueDateTag, useDueText } from './DueDateTag';
export { dueStatusOf, type DueStatus } from './dueStatus';
export { SAVE_FAILURES, setServiceIntervalOnMany, setServiceIntervals, useServiceIntervals } from './api';
export { kindLabel, monthsProblem } from './kinds';
