export { AddViewDialog, type AddViewDialogProps } from './AddViewDialog';
export { SavedViewBar, type SavedViewBarProps } from './SavedViewBar';
export { SavedViewConfirmAlert, type SavedViewConfirmAlertProps } from './SavedViewConfirmAlert';
export { SavedViewList, type SavedViewListProps } from './SavedViewList';
export {
  isViewAdmin,
  useSavedViews,
  type SavedView,
  type SavedViewConfirmation,
  type SavedViewError,
  type SavedViewOperation,
  type SavedViews,
  type UseSavedViewsOptions,
  type ViewLink,
  type ViewPermissions,
  VIEW_PARAM,
} from './useSavedViews';
