import { Migrator, type Kysely, type Migration } from 'kysely';
import * as foundation from './migrations/001_foundation';
import * as usageEvents from './migrations/002_usage_events';
import * as preferencesCustomers from './migrations/003_preferences_customers';
import * as messagesStorage from './migrations/004_messages_storage';
import * as contactRequestsOutbox from './migrations/005_contact_requests_outbox';
import * as inboxNotify from './migrations/006_inbox_notify';
import * as passwordChangedAt from './migrations/007_password_changed_at';
import * as userProfileFields from './migrations/008_user_profile_fields';
import * as inventory from './migrations/009_inventory';
import * as equipmentFollowers from './migrations/010_equipment_followers';
import * as equipmentFilterIndexes from './migrations/011_equipment_filter_indexes';
import * as equipmentListIndex from './migrations/012_equipment_list_index';
import * as userAvatar from './migrations/013_user_avatar';
import * as reservations from './migrations/014_reservations';
import * as reservationSearch from './migrations/015_reservation_search';
import * as sessionEndedNotify from './migrations/016_session_ended_notify';
import * as storedObjects from './migrations/017_stored_objects';
import * as workOrders from './migrations/018_work_orders';
import * as workOrderFilterIndexes from './migrations/019_work_order_filter_indexes';
import * as workOrderTextIndexes from './migrations/020_work_order_text_indexes';
import * as workOrderSearchPerTab from './migrations/021_work_order_search_per_tab';
import * as privileges from './migrations/022_privileges';
import * as contractChangeRequests from './migrations/023_contract_change_requests';
import * as productMarketInfo from './migrations/024_product_market_info';
import * as assetMonitoring from './migrations/025_asset_monitoring';
import * as contractGrid from './migrations/026_contract_grid';
import * as userInvitations from './migrations/027_user_invitations';
import * as userManagement from './migrations/028_user_management';
import * as emailRouting from './migrations/029_email_routing';
import * as onboardingInvitations from './migrations/030_onboarding_invitations';
import * as productCatalogueSearch from './migrations/031_product_catalogue_search';
import * as productsManagementOrder from './migrations/032_products_management_order';
import * as equipmentSuggestionIndexes from './migrations/034_equipment_suggestion_indexes';
import * as sharedRateLimits from './migrations/035_shared_rate_limits';
import * as hubJobs from './migrations/036_hub_jobs';
import * as mailDispatch from './migrations/033_mail_dispatch';
import * as equipmentListCounts from './migrations/037_equipment_list_counts';
import * as equipmentSortIndexes from './migrations/038_equipment_sort_indexes';
import * as equipmentSortTieBreaker from './migrations/039_equipment_sort_tie_breaker';
import * as hubJobPerSession from './migrations/040_hub_job_per_session';
import * as eventsAppendOnly from './migrations/041_events_append_only';
import * as eventsPublishedIndex from './migrations/043_events_published_index';
import * as eventHistoryIndexes from './migrations/044_event_history_indexes';
import * as invitationLinkRevocation from './migrations/045_invitation_link_revocation';
import * as signInThrottle from './migrations/046_sign_in_throttle';
import * as mailCausedBy from './migrations/047_mail_caused_by';
import * as listSortIndexes from './migrations/048_list_sort_indexes';
import * as sessionWriteLsn from './migrations/049_session_write_lsn';
import * as contractCategorySortIndex from './migrations/050_contract_category_sort_index';
import * as customerFieldLabels from './migrations/051_customer_field_labels';
import * as userCompanyFields from './migrations/052_user_company_fields';
import * as calendarOrderIndexes from './migrations/053_calendar_order_indexes';
import * as serviceIntervals from './migrations/054_service_intervals';
import * as calendarFeeds from './migrations/057_calendar_feeds';
import * as equipmentLabels from './migrations/056_equipment_labels';
import * as dueReminders from './migrations/058_due_reminders';
import * as searchIndex from './migrations/059_search_index';
import * as searchIndexWorkOrders from './migrations/060_search_index_work_orders';
import * as searchValueIds from './migrations/061_search_value_ids';
import * as searchValueRanks from './migrations/062_search_value_ranks';
import * as eventHashChain from './migrations/055_event_hash_chain';

const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
  '002_usage_events': usageEvents,
  '003_preferences_customers': preferencesCustomers,
  '004_messages_storage': messagesStorage,
  '005_contact_requests_outbox': contactRequestsOutbox,
  '006_inbox_notify': inboxNotify,
  '007_password_changed_at': passwordChangedAt,
  '008_user_profile_fields': userProfileFields,
  '009_inventory': inventory,
  '010_equipment_followers': equipmentFollowers,
  '011_equipment_filter_indexes': equipmentFilterIndexes,
  '012_equipment_list_index': equipmentListIndex,
  '013_user_avatar': userAvatar,
  '014_reservations': reservations,
  '015_reservation_search': reservationSearch,
  '016_session_ended_notify': sessionEndedNotify,
  '017_stored_objects': storedObjects,
  '018_work_orders': workOrders,
  '019_work_order_filter_indexes': workOrderFilterIndexes,
  '020_work_order_text_indexes': workOrderTextIndexes,
  '021_work_order_search_per_tab': workOrderSearchPerTab,
  '022_privileges': privileges,
  '023_contract_change_requests': contractChangeRequests,
  '024_product_market_info': productMarketInfo,
  '025_asset_monitoring': assetMonitoring,
  '026_contract_grid': contractGrid,
  '027_user_invitations': userInvitations,
  '028_user_management': userManagement,
  '029_email_routing': emailRouting,
  '030_onboarding_invitations': onboardingInvitations,
  '031_product_catalogue_search': productCatalogueSearch,
  '032_products_management_order': productsManagementOrder,
  '033_mail_dispatch': mailDispatch,
  '034_equipment_suggestion_indexes': equipmentSuggestionIndexes,
  '035_shared_rate_limits': sharedRateLimits,
  '036_hub_jobs': hubJobs,
  '037_equipment_list_counts': equipmentListCounts,
  '038_equipment_sort_indexes': equipmentSortIndexes,
  '039_equipment_sort_tie_breaker': equipmentSortTieBreaker,
  '040_hub_job_per_session': hubJobPerSession,
  '041_events_append_only': eventsAppendOnly,
  '043_events_published_index': eventsPublishedIndex,
  '044_event_history_indexes': eventHistoryIndexes,
  '045_invitation_link_revocation': invitationLinkRevocation,
  '046_sign_in_throttle': signInThrottle,
  '047_mail_caused_by': mailCausedBy,
  '048_list_sort_indexes': listSortIndexes,
  '049_session_write_lsn': sessionWriteLsn,
  '050_contract_category_sort_index': contractCategorySortIndex,
  '051_customer_field_labels': customerFieldLabels,
  '052_user_company_fields': userCompanyFields,
  '053_calendar_order_indexes': calendarOrderIndexes,
  '054_service_intervals': serviceIntervals,
  '057_calendar_feeds': calendarFeeds,
  '056_equipment_labels': equipmentLabels,
  '058_due_reminders': dueReminders,
  '059_search_index': searchIndex,
  '060_search_index_work_orders': searchIndexWorkOrders,
  '061_search_value_ids': searchValueIds,
  '062_search_value_ranks': searchValueRanks,
  '055_event_hash_chain': eventHashChain,
};

/** Bring the schema up to date; safe to run on every start and from several processes. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  // Numbers are handed out ahead of time, so a database may have run 035 before 034 existed.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
