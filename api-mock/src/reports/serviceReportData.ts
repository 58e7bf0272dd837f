/** One part or labour line of a work order; `unit` is the provider's unit text ("pcs", "h"). */
export interface ServiceReportLine {
  kind: 'part' | 'labour';
  partNo: string | null;
  description: string;
  quantity: number;
  unit: string;
}

/** What a service report shows of one work order; null (or blank text) prints as "—". */
export interface ServiceReportData {
  serviceOrderNo: string;
  svmxOrderNo: string | null;
  jobType: string | null;
  callStatus: string | null;
  customer: { name: string; siteAddress: string | null; city: string | null; country: string | null };
  instrument: {
    mfg: string | null;
    model: string | null;
    serial: string | null;
    pkiTag: string | null;
    systemId: string | null;
    systemNickName: string | null;
    dType: string | null;
    building: string | null;
    floor: string | null;
    room: string | null;
    department: string | null;
  };
  dates: { received: Date | null; scheduled: Date | null; workStarted: Date | null; completed: Date | null };
  reportedBy: string | null;
  email: string | null;
  telephone: string | null;
  custRefNo: string | null;
  purchaseOrderNumber: string | null;
  problem: string | null;
  solution: string | null;
  engineer: string | null;
  lines: ServiceReportLine[];
  signature: { signedBy: string | null; signedAt: Date | null };
}
