/** The back office's CSV downloads (issue 37): the lists as shown, and the completed purchases. */
export { DashboardExports, DownloadListCsv } from './components/download-list-csv';
export { PurchasesExportDialog } from './components/purchases-export-dialog';
