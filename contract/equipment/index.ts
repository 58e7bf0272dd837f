import { c } from '../common';
import { listRoutes } from './list';
import { editRoutes } from './edit';
import { productsRoutes } from './products';
import { serviceCallsRoutes } from './serviceCalls';
import { detailRoutes } from './detail';
import { productInformationRoutes } from './productInformation';
import { imagesRoutes } from './images';
import { requestsRoutes } from './requests';
import { contractPdfRoutes } from './contractPdf';
import { utilizationRoutes } from './utilization';

export * from './model';
export * from './list';
export * from './edit';
export * from './products';
export * from './serviceCalls';
export * from './detail';
export * from './productInformation';
export * from './images';
export * from './requests';
export * from './contractPdf';
export * from './utilization';

const routes = {
  ...listRoutes,
  ...editRoutes,
  ...productsRoutes,
  ...serviceCallsRoutes,
  ...detailRoutes,
  ...productInformationRoutes,
  ...imagesRoutes,
  ...requestsRoutes,
  ...contractPdfRoutes,
  ...utilizationRoutes,
};

/** The routes in the order of the single file before the split, which docs/access-matrix.md lists them in. */
export const equipmentContract = c.router(
  {
    list: routes.list,
    listCount: routes.listCount,
    listAll: routes.listAll,
    listNew: routes.listNew,
    link: routes.link,
    create: routes.create,
    update: routes.update,
    updateEditingList: routes.updateEditingList,
    remove: routes.remove,
    filterFields: routes.filterFields,
    fieldOption: routes.fieldOption,
    export: routes.export,
    importTemplate: routes.importTemplate,
    refreshUpcomingServiceCalls: routes.refreshUpcomingServiceCalls,
    contractEquipmentCount: routes.contractEquipmentCount,
    contracts: routes.contracts,
    detail: routes.detail,
    productResources: routes.productResources,
    setDefaultImage: routes.setDefaultImage,
    updateImages: routes.updateImages,
    updateEhs: routes.updateEhs,
    contractRequests: routes.contractRequests,
    requestMarketInfo: routes.requestMarketInfo,
    requestContract: routes.requestContract,
    contractPdf: routes.contractPdf,
    utilizationEvents: routes.utilizationEvents,
    utilizationSummary: routes.utilizationSummary,
    utilizationEventList: routes.utilizationEventList,
    utilizationAsset: routes.utilizationAsset,
    systemComponents: routes.systemComponents,
  } satisfies Record<keyof typeof routes, unknown>,
  { strictStatusCodes: true },
);
