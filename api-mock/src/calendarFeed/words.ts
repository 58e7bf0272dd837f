import type { LANGUAGE_CODES } from '../../../contract/configuration';

type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** The few words of a calendar feed, in the feed owner's language. */
export interface FeedWords {
  /** The calendar's name in the app. */
  calendarName: string;
  /** Summary of a reservation: "Reservation: {instrument}". */
  reservation: string;
  /** Summary of a scheduled service visit: "Service visit: {instrument}". */
  serviceVisit: string;
  serial: string;
  workOrder: string;
  jobType: string;
  status: string;
}

export const FEED_WORDS: Record<LanguageCode, FeedWords> = {
  'en-us': {
    calendarName: 'Instrument portal: reservations and service visits',
    reservation: 'Reservation: {instrument}',
    serviceVisit: 'Service visit: {instrument}',
    serial: 'Serial number',
    workOrder: 'Work order',
    jobType: 'Job type',
    status: 'Status',
  },
  'zh-cn': {
    calendarName: '仪器门户：预约和服务上门',
    reservation: '预约：{instrument}',
    serviceVisit: '服务上门：{instrument}',
    serial: '序列号',
    workOrder: '工单',
    jobType: '作业类型',
    status: '状态',
  },
  'zh-tw': {
    calendarName: '儀器入口網站：預約和服務到訪',
    reservation: '預約：{instrument}',
    serviceVisit: '服務到訪：{instrument}',
    serial: '序號',
    workOrder: '工單',
    jobType: '作業類型',
    status: '狀態',
  },
  de: {
    calendarName: 'Geräteportal: Reservierungen und Servicebesuche',
    reservation: 'Reservierung: {instrument}',
    serviceVisit: 'Servicebesuch: {instrument}',
    serial: 'Seriennummer',
    workOrder: 'Arbeitsauftrag',
    jobType: 'Auftragsart',
    status: 'Status',
  },
  fr: {
    calendarName: 'Portail des instruments : réservations et interventions',
    reservation: 'Réservation : {instrument}',
    serviceVisit: 'Intervention de maintenance : {instrument}',
    serial: 'Numéro de série',
    workOrder: 'Ordre de travail',
    jobType: 'Type d’intervention',
    status: 'Statut',
  },
  it: {
    calendarName: 'Portale strumenti: prenotazioni e interventi di assistenza',
    reservation: 'Prenotazione: {instrument}',
    serviceVisit: 'Intervento di assistenza: {instrument}',
    serial: 'Numero di serie',
    workOrder: 'Ordine di lavoro',
    jobType: 'Tipo di intervento',
    status: 'Stato',
  },
  ja: {
    calendarName: '機器ポータル：予約とサービス訪問',
    reservation: '予約：{instrument}',
    serviceVisit: 'サービス訪問：{instrument}',
    serial: 'シリアル番号',
    workOrder: '作業指示',
    jobType: '作業の種類',
    status: 'ステータス',
  },
  pt: {
    calendarName: 'Portal de instrumentos: reservas e visitas de assistência',
    reservation: 'Reserva: {instrument}',
    serviceVisit: 'Visita de assistência: {instrument}',
    serial: 'Número de série',
    workOrder: 'Ordem de serviço',
    jobType: 'Tipo de trabalho',
    status: 'Estado',
  },
  es: {
    calendarName: 'Portal de instrumentos: reservas y visitas de servicio',
    reservation: 'Reserva: {instrument}',
    serviceVisit: 'Visita de servicio: {instrument}',
    serial: 'Número de serie',
    workOrder: 'Orden de trabajo',
    jobType: 'Tipo de trabajo',
    status: 'Estado',
  },
};
