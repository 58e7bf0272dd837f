export { PageTourProvider, usePageTour, type PageTour, type PageTourProviderProps } from './PageTours';
export { PAGE_TOUR_IDS, PAGE_TOURS, tourOfPath, type PageTourId, type TourStep } from './pageTours';
