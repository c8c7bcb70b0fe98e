export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "14.12"
  }
  public: {
    Tables: {
      blocks: {
        Row: {
          blocked_id: string
          blocker_id: string
          created_at: string
        }
        Insert: {
          blocked_id: string
          blocker_id?: string
          created_at?: string
        }
        Update: {
          blocked_id?: string
          blocker_id?: string
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "blocks_blocked_id_fkey"
            columns: ["blocked_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "blocks_blocker_id_fkey"
            columns: ["blocker_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      board_proposals: {
        Row: {
          alternative_note: string | null
          catalog_item_id: string | null
          created_at: string
          customer_id: string
          decided_at: string | null
          decline_reason: string | null
          designer_id: string
          dimensions: string | null
          id: string
          kind: string
          link: string | null
          note: string | null
          photo: string | null
          price: number
          project_id: string
          project_item_id: string | null
          room: string
          status: string
          store: string | null
          title: string
          updated_at: string
        }
        Insert: {
          alternative_note?: string | null
          catalog_item_id?: string | null
          created_at?: string
          customer_id: string
          decided_at?: string | null
          decline_reason?: string | null
          designer_id: string
          dimensions?: string | null
          id?: string
          kind: string
          link?: string | null
          note?: string | null
          photo?: string | null
          price: number
          project_id: string
          project_item_id?: string | null
          room: string
          status?: string
          store?: string | null
          title: string
          updated_at?: string
        }
        Update: {
          alternative_note?: string | null
          catalog_item_id?: string | null
          created_at?: string
          customer_id?: string
          decided_at?: string | null
          decline_reason?: string | null
          designer_id?: string
          dimensions?: string | null
          id?: string
          kind?: string
          link?: string | null
          note?: string | null
          photo?: string | null
          price?: number
          project_id?: string
          project_item_id?: string | null
          room?: string
          status?: string
          store?: string | null
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "board_proposals_catalog_item_id_fkey"
            columns: ["catalog_item_id"]
            isOneToOne: false
            referencedRelation: "catalog_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "board_proposals_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "board_proposals_designer_id_fkey"
            columns: ["designer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "board_proposals_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "board_proposals_project_item_id_fkey"
            columns: ["project_item_id"]
            isOneToOne: false
            referencedRelation: "project_items"
            referencedColumns: ["id"]
          },
        ]
      }
      catalog_items: {
        Row: {
          category: Database["public"]["Enums"]["catalog_category"]
          condition: string
          created_at: string
          depth_in: number | null
          description: string
          designer_id: string
          dimensions: string | null
          height_in: number | null
          held_until: string | null
          hidden_at: string | null
          id: string
          image_url: string | null
          is_available: boolean
          latitude: number | null
          location: string | null
          longitude: number | null
          photo_urls: string[]
          place_id: string | null
          price: number
          reserved_until: string | null
          returned_at: string | null
          saved_count: number
          search: unknown
          status: string
          title: string
          updated_at: string
          width_in: number | null
        }
        Insert: {
          category: Database["public"]["Enums"]["catalog_category"]
          condition: string
          created_at?: string
          depth_in?: number | null
          description: string
          designer_id: string
          dimensions?: string | null
          height_in?: number | null
          held_until?: string | null
          hidden_at?: string | null
          id?: string
          image_url?: string | null
          is_available?: boolean
          latitude?: number | null
          location?: string | null
          longitude?: number | null
          photo_urls?: string[]
          place_id?: string | null
          price: number
          reserved_until?: string | null
          returned_at?: string | null
          saved_count?: number
          search?: never
          status?: string
          title: string
          updated_at?: string
          width_in?: number | null
        }
        Update: {
          category?: Database["public"]["Enums"]["catalog_category"]
          condition?: string
          created_at?: string
          depth_in?: number | null
          description?: string
          designer_id?: string
          dimensions?: string | null
          height_in?: number | null
          held_until?: string | null
          hidden_at?: string | null
          id?: string
          image_url?: string | null
          is_available?: boolean
          latitude?: number | null
          location?: string | null
          longitude?: number | null
          photo_urls?: string[]
          place_id?: string | null
          price?: number
          reserved_until?: string | null
          returned_at?: string | null
          saved_count?: number
          search?: never
          status?: string
          title?: string
          updated_at?: string
          width_in?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "catalog_items_designer_id_fkey"
            columns: ["designer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "catalog_items_place_id_fkey"
            columns: ["place_id"]
            isOneToOne: false
            referencedRelation: "places"
            referencedColumns: ["id"]
          },
        ]
      }
      conversation_reads: {
        Row: {
          conversation_id: string
          kind: string
          last_read_at: string
          user_id: string
        }
        Insert: {
          conversation_id: string
          kind: string
          last_read_at?: string
          user_id: string
        }
        Update: {
          conversation_id?: string
          kind?: string
          last_read_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "conversation_reads_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      customer_profiles: {
        Row: {
          budget_range: number | null
          created_at: string
          latitude: number | null
          location: string | null
          longitude: number | null
          place_id: string | null
          preferred_style: string | null
          space_size: number | null
          updated_at: string
          user_id: string
          username: string | null
        }
        Insert: {
          budget_range?: number | null
          created_at?: string
          latitude?: number | null
          location?: string | null
          longitude?: number | null
          place_id?: string | null
          preferred_style?: string | null
          space_size?: number | null
          updated_at?: string
          user_id: string
          username?: string | null
        }
        Update: {
          budget_range?: number | null
          created_at?: string
          latitude?: number | null
          location?: string | null
          longitude?: number | null
          place_id?: string | null
          preferred_style?: string | null
          space_size?: number | null
          updated_at?: string
          user_id?: string
          username?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "customer_profiles_place_id_fkey"
            columns: ["place_id"]
            isOneToOne: false
            referencedRelation: "places"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "customer_profiles_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      designer_nudges: {
        Row: {
          client_id: string
          created_at: string
          designer_id: string
          id: string
          project_id: string
          quote_amount: number | null
          quote_message: string | null
          responded_at: string | null
          status: Database["public"]["Enums"]["nudge_status"]
        }
        Insert: {
          client_id: string
          created_at?: string
          designer_id: string
          id?: string
          project_id: string
          quote_amount?: number | null
          quote_message?: string | null
          responded_at?: string | null
          status?: Database["public"]["Enums"]["nudge_status"]
        }
        Update: {
          client_id?: string
          created_at?: string
          designer_id?: string
          id?: string
          project_id?: string
          quote_amount?: number | null
          quote_message?: string | null
          responded_at?: string | null
          status?: Database["public"]["Enums"]["nudge_status"]
        }
        Relationships: [
          {
            foreignKeyName: "designer_nudges_client_id_fkey"
            columns: ["client_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "designer_nudges_designer_id_fkey"
            columns: ["designer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "designer_nudges_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      designer_profiles: {
        Row: {
          availability_status: string
          base_rate: number
          bio: string | null
          confirmed: boolean
          created_at: string
          experience_years: number
          full_name: string | null
          latitude: number | null
          location: string | null
          longitude: number | null
          place_id: string | null
          portfolio_url: string | null
          rate_per_item: number
          rate_per_sqft: number
          rating: number | null
          review_count: number
          specialties: string[]
          updated_at: string
          user_id: string
          username: string | null
          verified: string | null
        }
        Insert: {
          availability_status?: string
          base_rate?: number
          bio?: string | null
          confirmed?: boolean
          created_at?: string
          experience_years?: number
          full_name?: string | null
          latitude?: number | null
          location?: string | null
          longitude?: number | null
          place_id?: string | null
          portfolio_url?: string | null
          rate_per_item?: number
          rate_per_sqft?: number
          rating?: number | null
          review_count?: number
          specialties?: string[]
          updated_at?: string
          user_id: string
          username?: string | null
          verified?: string | null
        }
        Update: {
          availability_status?: string
          base_rate?: number
          bio?: string | null
          confirmed?: boolean
          created_at?: string
          experience_years?: number
          full_name?: string | null
          latitude?: number | null
          location?: string | null
          longitude?: number | null
          place_id?: string | null
          portfolio_url?: string | null
          rate_per_item?: number
          rate_per_sqft?: number
          rating?: number | null
          review_count?: number
          specialties?: string[]
          updated_at?: string
          user_id?: string
          username?: string | null
          verified?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "designer_profiles_place_id_fkey"
            columns: ["place_id"]
            isOneToOne: false
            referencedRelation: "places"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "designer_profiles_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_conversations: {
        Row: {
          buyer_id: string
          catalog_item_id: string
          created_at: string
          id: string
          last_message_at: string | null
          seller_id: string
        }
        Insert: {
          buyer_id: string
          catalog_item_id: string
          created_at?: string
          id?: string
          last_message_at?: string | null
          seller_id: string
        }
        Update: {
          buyer_id?: string
          catalog_item_id?: string
          created_at?: string
          id?: string
          last_message_at?: string | null
          seller_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "listing_conversations_buyer_id_fkey"
            columns: ["buyer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "listing_conversations_catalog_item_id_fkey"
            columns: ["catalog_item_id"]
            isOneToOne: false
            referencedRelation: "catalog_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "listing_conversations_seller_id_fkey"
            columns: ["seller_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_messages: {
        Row: {
          body: string
          conversation_id: string
          created_at: string
          hidden_at: string | null
          id: string
          photos: string[]
          sender_id: string
        }
        Insert: {
          body?: string
          conversation_id: string
          created_at?: string
          hidden_at?: string | null
          id?: string
          photos?: string[]
          sender_id?: string
        }
        Update: {
          body?: string
          conversation_id?: string
          created_at?: string
          hidden_at?: string | null
          id?: string
          photos?: string[]
          sender_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "listing_messages_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "listing_conversations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "listing_messages_sender_id_fkey"
            columns: ["sender_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      messages: {
        Row: {
          content: string
          created_at: string
          hidden_at: string | null
          id: string
          photos: string[]
          project_id: string
          sender_id: string
        }
        Insert: {
          content?: string
          created_at?: string
          hidden_at?: string | null
          id?: string
          photos?: string[]
          project_id: string
          sender_id?: string
        }
        Update: {
          content?: string
          created_at?: string
          hidden_at?: string | null
          id?: string
          photos?: string[]
          project_id?: string
          sender_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "messages_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "messages_sender_id_fkey"
            columns: ["sender_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      milestone_dispute_statements: {
        Row: {
          author_id: string | null
          body: string
          created_at: string
          dispute_id: string
          id: string
          photos: string[]
          project_id: string
        }
        Insert: {
          author_id?: string | null
          body: string
          created_at?: string
          dispute_id: string
          id?: string
          photos?: string[]
          project_id: string
        }
        Update: {
          author_id?: string | null
          body?: string
          created_at?: string
          dispute_id?: string
          id?: string
          photos?: string[]
          project_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "milestone_dispute_statements_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "milestone_dispute_statements_dispute_id_fkey"
            columns: ["dispute_id"]
            isOneToOne: false
            referencedRelation: "milestone_disputes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "milestone_dispute_statements_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      milestone_disputes: {
        Row: {
          created_at: string
          decided_at: string | null
          decided_by: string | null
          decision_reason: string | null
          id: string
          kind: string
          milestone_id: string
          opened_by: string | null
          outcome: string | null
          project_id: string
          provider_dispute_id: string | null
          reason: string | null
          refund_amount: number | null
          release_amount: number | null
          statements_due_at: string
          status: string
        }
        Insert: {
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          decision_reason?: string | null
          id?: string
          kind?: string
          milestone_id: string
          opened_by?: string | null
          outcome?: string | null
          project_id: string
          provider_dispute_id?: string | null
          reason?: string | null
          refund_amount?: number | null
          release_amount?: number | null
          statements_due_at?: string
          status?: string
        }
        Update: {
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          decision_reason?: string | null
          id?: string
          kind?: string
          milestone_id?: string
          opened_by?: string | null
          outcome?: string | null
          project_id?: string
          provider_dispute_id?: string | null
          reason?: string | null
          refund_amount?: number | null
          release_amount?: number | null
          statements_due_at?: string
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "milestone_disputes_milestone_id_fkey"
            columns: ["milestone_id"]
            isOneToOne: false
            referencedRelation: "project_milestones"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "milestone_disputes_opened_by_fkey"
            columns: ["opened_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "milestone_disputes_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      milestone_payments: {
        Row: {
          amount: number
          charge_id: string | null
          checkout_expires_at: string | null
          checkout_session_id: string | null
          completed_at: string | null
          created_at: string
          currency: string
          id: string
          kind: string
          milestone_id: string
          note: string | null
          project_id: string
          provider: string
          provider_id: string | null
          reason: string
          retry_after: string | null
          source_payment_id: string | null
          status: string
        }
        Insert: {
          amount: number
          charge_id?: string | null
          checkout_expires_at?: string | null
          checkout_session_id?: string | null
          completed_at?: string | null
          created_at?: string
          currency?: string
          id?: string
          kind: string
          milestone_id: string
          note?: string | null
          project_id: string
          provider: string
          provider_id?: string | null
          reason: string
          retry_after?: string | null
          source_payment_id?: string | null
          status?: string
        }
        Update: {
          amount?: number
          charge_id?: string | null
          checkout_expires_at?: string | null
          checkout_session_id?: string | null
          completed_at?: string | null
          created_at?: string
          currency?: string
          id?: string
          kind?: string
          milestone_id?: string
          note?: string | null
          project_id?: string
          provider?: string
          provider_id?: string | null
          reason?: string
          retry_after?: string | null
          source_payment_id?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "milestone_payments_milestone_id_fkey"
            columns: ["milestone_id"]
            isOneToOne: false
            referencedRelation: "project_milestones"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "milestone_payments_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "milestone_payments_source_payment_id_fkey"
            columns: ["source_payment_id"]
            isOneToOne: false
            referencedRelation: "milestone_payments"
            referencedColumns: ["id"]
          },
        ]
      }
      moderation_actions: {
        Row: {
          action: string
          created_at: string
          id: string
          operator_id: string
          operator_name: string
          reason: string
          report_ids: string[]
          subject_id: string | null
          subject_kind: Database["public"]["Enums"]["report_subject"] | null
          target_user_id: string | null
        }
        Insert: {
          action: string
          created_at?: string
          id?: string
          operator_id: string
          operator_name: string
          reason: string
          report_ids?: string[]
          subject_id?: string | null
          subject_kind?: Database["public"]["Enums"]["report_subject"] | null
          target_user_id?: string | null
        }
        Update: {
          action?: string
          created_at?: string
          id?: string
          operator_id?: string
          operator_name?: string
          reason?: string
          report_ids?: string[]
          subject_id?: string | null
          subject_kind?: Database["public"]["Enums"]["report_subject"] | null
          target_user_id?: string | null
        }
        Relationships: []
      }
      notification_preferences: {
        Row: {
          email: boolean
          kind: string
          push: boolean
          updated_at: string
          user_id: string
        }
        Insert: {
          email?: boolean
          kind: string
          push?: boolean
          updated_at?: string
          user_id: string
        }
        Update: {
          email?: boolean
          kind?: string
          push?: boolean
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notification_preferences_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      notifications: {
        Row: {
          actor_id: string | null
          body: string | null
          created_at: string
          data: NonNullable<Json>
          id: string
          kind: string
          link: string
          mail_attempts: number
          mail_claimed_until: string | null
          mail_error: string | null
          mail_fold_key: string | null
          mail_folded_into: string | null
          mail_next_attempt_at: string | null
          mailed_at: string | null
          project_id: string | null
          push_attempts: number
          push_claimed_until: string | null
          push_error: string | null
          push_next_attempt_at: string | null
          pushed_at: string | null
          read_at: string | null
          title: string
          user_id: string
        }
        Insert: {
          actor_id?: string | null
          body?: string | null
          created_at?: string
          data?: NonNullable<Json>
          id?: string
          kind: string
          link: string
          mail_attempts?: number
          mail_claimed_until?: string | null
          mail_error?: string | null
          mail_fold_key?: never
          mail_folded_into?: string | null
          mail_next_attempt_at?: string | null
          mailed_at?: string | null
          project_id?: string | null
          push_attempts?: number
          push_claimed_until?: string | null
          push_error?: string | null
          push_next_attempt_at?: string | null
          pushed_at?: string | null
          read_at?: string | null
          title: string
          user_id: string
        }
        Update: {
          actor_id?: string | null
          body?: string | null
          created_at?: string
          data?: NonNullable<Json>
          id?: string
          kind?: string
          link?: string
          mail_attempts?: number
          mail_claimed_until?: string | null
          mail_error?: string | null
          mail_fold_key?: never
          mail_folded_into?: string | null
          mail_next_attempt_at?: string | null
          mailed_at?: string | null
          project_id?: string | null
          push_attempts?: number
          push_claimed_until?: string | null
          push_error?: string | null
          push_next_attempt_at?: string | null
          pushed_at?: string | null
          read_at?: string | null
          title?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notifications_actor_id_fkey"
            columns: ["actor_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      offers: {
        Row: {
          amount: number
          buyer_id: string
          catalog_item_id: string
          counter_amount: number | null
          created_at: string
          expires_at: string
          id: string
          note: string | null
          reserved_until: string | null
          seller_id: string
          status: string
          updated_at: string
        }
        Insert: {
          amount: number
          buyer_id: string
          catalog_item_id: string
          counter_amount?: number | null
          created_at?: string
          expires_at?: string
          id?: string
          note?: string | null
          reserved_until?: string | null
          seller_id: string
          status?: string
          updated_at?: string
        }
        Update: {
          amount?: number
          buyer_id?: string
          catalog_item_id?: string
          counter_amount?: number | null
          created_at?: string
          expires_at?: string
          id?: string
          note?: string | null
          reserved_until?: string | null
          seller_id?: string
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "offers_buyer_id_fkey"
            columns: ["buyer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "offers_catalog_item_id_fkey"
            columns: ["catalog_item_id"]
            isOneToOne: false
            referencedRelation: "catalog_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "offers_seller_id_fkey"
            columns: ["seller_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      order_payments: {
        Row: {
          amount: number
          completed_at: string | null
          created_at: string
          currency: string
          id: string
          kind: string
          note: string | null
          order_id: string
          provider: string
          provider_id: string | null
          reason: string
          retry_after: string | null
          status: string
        }
        Insert: {
          amount: number
          completed_at?: string | null
          created_at?: string
          currency?: string
          id?: string
          kind: string
          note?: string | null
          order_id: string
          provider: string
          provider_id?: string | null
          reason: string
          retry_after?: string | null
          status?: string
        }
        Update: {
          amount?: number
          completed_at?: string | null
          created_at?: string
          currency?: string
          id?: string
          kind?: string
          note?: string | null
          order_id?: string
          provider?: string
          provider_id?: string | null
          reason?: string
          retry_after?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "order_payments_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      order_pickup_addresses: {
        Row: {
          address: string
          created_at: string
          directions: string | null
          order_id: string
          seller_id: string | null
          updated_at: string
        }
        Insert: {
          address: string
          created_at?: string
          directions?: string | null
          order_id: string
          seller_id?: string | null
          updated_at?: string
        }
        Update: {
          address?: string
          created_at?: string
          directions?: string | null
          order_id?: string
          seller_id?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "order_pickup_addresses_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: true
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_pickup_addresses_seller_id_fkey"
            columns: ["seller_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      order_pickup_windows: {
        Row: {
          confirmed_at: string | null
          created_at: string
          ends_at: string
          id: string
          missed_by: string | null
          missed_reported_by: string | null
          order_id: string
          proposed_by: string | null
          proposer_role: string
          reminded_2h_at: string | null
          reminded_day_at: string | null
          starts_at: string
          status: string
          updated_at: string
        }
        Insert: {
          confirmed_at?: string | null
          created_at?: string
          ends_at: string
          id?: string
          missed_by?: string | null
          missed_reported_by?: string | null
          order_id: string
          proposed_by?: string | null
          proposer_role: string
          reminded_2h_at?: string | null
          reminded_day_at?: string | null
          starts_at: string
          status?: string
          updated_at?: string
        }
        Update: {
          confirmed_at?: string | null
          created_at?: string
          ends_at?: string
          id?: string
          missed_by?: string | null
          missed_reported_by?: string | null
          order_id?: string
          proposed_by?: string | null
          proposer_role?: string
          reminded_2h_at?: string | null
          reminded_day_at?: string | null
          starts_at?: string
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "order_pickup_windows_missed_reported_by_fkey"
            columns: ["missed_reported_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_pickup_windows_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_pickup_windows_proposed_by_fkey"
            columns: ["proposed_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      order_problem_statements: {
        Row: {
          author_id: string | null
          author_role: string
          body: string
          created_at: string
          id: string
          order_id: string
          photos: string[]
          problem_id: string
        }
        Insert: {
          author_id?: string | null
          author_role: string
          body: string
          created_at?: string
          id?: string
          order_id: string
          photos?: string[]
          problem_id: string
        }
        Update: {
          author_id?: string | null
          author_role?: string
          body?: string
          created_at?: string
          id?: string
          order_id?: string
          photos?: string[]
          problem_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "order_problem_statements_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_problem_statements_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_problem_statements_problem_id_fkey"
            columns: ["problem_id"]
            isOneToOne: false
            referencedRelation: "order_problems"
            referencedColumns: ["id"]
          },
        ]
      }
      order_problems: {
        Row: {
          created_at: string
          decided_at: string | null
          decided_by: string | null
          decision_reason: string | null
          id: string
          kind: string
          opened_by: string | null
          order_id: string
          outcome: string | null
          provider_dispute_id: string | null
          reason: string | null
          refund_amount: number | null
          release_amount: number | null
          statements_due_at: string
          status: string
        }
        Insert: {
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          decision_reason?: string | null
          id?: string
          kind?: string
          opened_by?: string | null
          order_id: string
          outcome?: string | null
          provider_dispute_id?: string | null
          reason?: string | null
          refund_amount?: number | null
          release_amount?: number | null
          statements_due_at?: string
          status?: string
        }
        Update: {
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          decision_reason?: string | null
          id?: string
          kind?: string
          opened_by?: string | null
          order_id?: string
          outcome?: string | null
          provider_dispute_id?: string | null
          reason?: string | null
          refund_amount?: number | null
          release_amount?: number | null
          statements_due_at?: string
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "order_problems_opened_by_fkey"
            columns: ["opened_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_problems_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      orders: {
        Row: {
          amount: number
          buyer_id: string | null
          cancelled_at: string | null
          catalog_item_id: string | null
          charge_id: string | null
          checkout_expires_at: string
          checkout_session_id: string | null
          completed_at: string | null
          created_at: string
          currency: string
          frozen_at: string | null
          handed_over_at: string | null
          id: string
          item_photo_url: string | null
          item_title: string
          offer_id: string | null
          paid_at: string | null
          payment_intent_id: string | null
          payout: string
          provider: string
          ready_at: string | null
          refund_id: string | null
          refund_reason: string | null
          refunded_amount: number
          refunded_at: string | null
          refusal_photos: string[]
          refusal_reason: string | null
          refused_at: string | null
          release_at: string | null
          released_amount: number
          seller_id: string | null
          status: string
          updated_at: string
        }
        Insert: {
          amount: number
          buyer_id?: string | null
          cancelled_at?: string | null
          catalog_item_id?: string | null
          charge_id?: string | null
          checkout_expires_at?: string
          checkout_session_id?: string | null
          completed_at?: string | null
          created_at?: string
          currency?: string
          frozen_at?: string | null
          handed_over_at?: string | null
          id?: string
          item_photo_url?: string | null
          item_title: string
          offer_id?: string | null
          paid_at?: string | null
          payment_intent_id?: string | null
          payout?: string
          provider: string
          ready_at?: string | null
          refund_id?: string | null
          refund_reason?: string | null
          refunded_amount?: number
          refunded_at?: string | null
          refusal_photos?: string[]
          refusal_reason?: string | null
          refused_at?: string | null
          release_at?: string | null
          released_amount?: number
          seller_id?: string | null
          status?: string
          updated_at?: string
        }
        Update: {
          amount?: number
          buyer_id?: string | null
          cancelled_at?: string | null
          catalog_item_id?: string | null
          charge_id?: string | null
          checkout_expires_at?: string
          checkout_session_id?: string | null
          completed_at?: string | null
          created_at?: string
          currency?: string
          frozen_at?: string | null
          handed_over_at?: string | null
          id?: string
          item_photo_url?: string | null
          item_title?: string
          offer_id?: string | null
          paid_at?: string | null
          payment_intent_id?: string | null
          payout?: string
          provider?: string
          ready_at?: string | null
          refund_id?: string | null
          refund_reason?: string | null
          refunded_amount?: number
          refunded_at?: string | null
          refusal_photos?: string[]
          refusal_reason?: string | null
          refused_at?: string | null
          release_at?: string | null
          released_amount?: number
          seller_id?: string | null
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "orders_buyer_id_fkey"
            columns: ["buyer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_catalog_item_id_fkey"
            columns: ["catalog_item_id"]
            isOneToOne: false
            referencedRelation: "catalog_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_offer_id_fkey"
            columns: ["offer_id"]
            isOneToOne: false
            referencedRelation: "offers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_seller_id_fkey"
            columns: ["seller_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      places: {
        Row: {
          country: string
          id: string
          kind: string
          label: string
          latitude: number
          longitude: number
          name: string
          population: number
          region: string | null
          search_key: string
        }
        Insert: {
          country: string
          id: string
          kind: string
          label: string
          latitude: number
          longitude: number
          name: string
          population?: number
          region?: string | null
          search_key?: never
        }
        Update: {
          country?: string
          id?: string
          kind?: string
          label?: string
          latitude?: number
          longitude?: number
          name?: string
          population?: number
          region?: string | null
          search_key?: never
        }
        Relationships: []
      }
      profiles: {
        Row: {
          created_at: string
          email: string | null
          full_name: string | null
          id: string
          suspended_at: string | null
          updated_at: string
        }
        Insert: {
          created_at?: string
          email?: string | null
          full_name?: string | null
          id: string
          suspended_at?: string | null
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string | null
          full_name?: string | null
          id?: string
          suspended_at?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      project_bids: {
        Row: {
          bid_amount: number
          created_at: string
          designer_id: string
          estimated_days: number | null
          id: string
          milestones: Json | null
          project_id: string
          proposal: string
          status: Database["public"]["Enums"]["bid_status"]
          updated_at: string
        }
        Insert: {
          bid_amount: number
          created_at?: string
          designer_id: string
          estimated_days?: number | null
          id?: string
          milestones?: Json | null
          project_id: string
          proposal: string
          status?: Database["public"]["Enums"]["bid_status"]
          updated_at?: string
        }
        Update: {
          bid_amount?: number
          created_at?: string
          designer_id?: string
          estimated_days?: number | null
          id?: string
          milestones?: Json | null
          project_id?: string
          proposal?: string
          status?: Database["public"]["Enums"]["bid_status"]
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "project_bids_designer_id_fkey"
            columns: ["designer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "project_bids_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      project_items: {
        Row: {
          added_by: string
          bought_at: string | null
          catalog_item_id: string | null
          cost: number
          created_at: string
          description: string | null
          id: string
          name: string
          order_id: string | null
          project_id: string
        }
        Insert: {
          added_by?: string
          bought_at?: string | null
          catalog_item_id?: string | null
          cost: number
          created_at?: string
          description?: string | null
          id?: string
          name: string
          order_id?: string | null
          project_id: string
        }
        Update: {
          added_by?: string
          bought_at?: string | null
          catalog_item_id?: string | null
          cost?: number
          created_at?: string
          description?: string | null
          id?: string
          name?: string
          order_id?: string | null
          project_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "project_items_added_by_fkey"
            columns: ["added_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "project_items_catalog_item_id_fkey"
            columns: ["catalog_item_id"]
            isOneToOne: false
            referencedRelation: "catalog_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "project_items_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "project_items_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      project_milestones: {
        Row: {
          amount: number
          auto_release_at: string | null
          bid_id: string | null
          cancel_requested_at: string | null
          changes_note: string | null
          changes_requested_at: string | null
          charge_id: string | null
          created_at: string
          customer_id: string | null
          designer_id: string | null
          frozen_at: string | null
          funded_at: string | null
          id: string
          payment_intent_id: string | null
          position: number
          project_id: string
          provider: string | null
          refunded_amount: number
          released_amount: number
          released_at: string | null
          reminded_1d_at: string | null
          reminded_3d_at: string | null
          status: Database["public"]["Enums"]["milestone_status"]
          submission_note: string | null
          submission_photos: string[]
          submitted_at: string | null
          title: string
          updated_at: string
        }
        Insert: {
          amount: number
          auto_release_at?: string | null
          bid_id?: string | null
          cancel_requested_at?: string | null
          changes_note?: string | null
          changes_requested_at?: string | null
          charge_id?: string | null
          created_at?: string
          customer_id?: string | null
          designer_id?: string | null
          frozen_at?: string | null
          funded_at?: string | null
          id?: string
          payment_intent_id?: string | null
          position: number
          project_id: string
          provider?: string | null
          refunded_amount?: number
          released_amount?: number
          released_at?: string | null
          reminded_1d_at?: string | null
          reminded_3d_at?: string | null
          status?: Database["public"]["Enums"]["milestone_status"]
          submission_note?: string | null
          submission_photos?: string[]
          submitted_at?: string | null
          title: string
          updated_at?: string
        }
        Update: {
          amount?: number
          auto_release_at?: string | null
          bid_id?: string | null
          cancel_requested_at?: string | null
          changes_note?: string | null
          changes_requested_at?: string | null
          charge_id?: string | null
          created_at?: string
          customer_id?: string | null
          designer_id?: string | null
          frozen_at?: string | null
          funded_at?: string | null
          id?: string
          payment_intent_id?: string | null
          position?: number
          project_id?: string
          provider?: string | null
          refunded_amount?: number
          released_amount?: number
          released_at?: string | null
          reminded_1d_at?: string | null
          reminded_3d_at?: string | null
          status?: Database["public"]["Enums"]["milestone_status"]
          submission_note?: string | null
          submission_photos?: string[]
          submitted_at?: string | null
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "project_milestones_bid_id_fkey"
            columns: ["bid_id"]
            isOneToOne: false
            referencedRelation: "project_bids"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "project_milestones_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "project_milestones_designer_id_fkey"
            columns: ["designer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "project_milestones_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      project_photo_notes: {
        Row: {
          added_by: string
          created_at: string
          note: string
          photo_path: string
          project_id: string
          updated_at: string
        }
        Insert: {
          added_by?: string
          created_at?: string
          note?: string
          photo_path: string
          project_id: string
          updated_at?: string
        }
        Update: {
          added_by?: string
          created_at?: string
          note?: string
          photo_path?: string
          project_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "project_photo_notes_added_by_fkey"
            columns: ["added_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "project_photo_notes_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      projects: {
        Row: {
          budget: number
          budget_type: Database["public"]["Enums"]["budget_type"]
          completed_at: string | null
          created_at: string
          customer_id: string
          description: string
          designer_id: string | null
          hidden_at: string | null
          id: string
          items_total: number
          latitude: number | null
          location: string
          longitude: number | null
          place_id: string | null
          portfolio_consent: boolean
          portfolio_show_costs: boolean
          preferred_style: string | null
          space_size: number
          status: Database["public"]["Enums"]["project_status"]
          title: string
          updated_at: string
        }
        Insert: {
          budget: number
          budget_type?: Database["public"]["Enums"]["budget_type"]
          completed_at?: string | null
          created_at?: string
          customer_id: string
          description: string
          designer_id?: string | null
          hidden_at?: string | null
          id?: string
          items_total?: number
          latitude?: number | null
          location: string
          longitude?: number | null
          place_id?: string | null
          portfolio_consent?: boolean
          portfolio_show_costs?: boolean
          preferred_style?: string | null
          space_size: number
          status?: Database["public"]["Enums"]["project_status"]
          title: string
          updated_at?: string
        }
        Update: {
          budget?: number
          budget_type?: Database["public"]["Enums"]["budget_type"]
          completed_at?: string | null
          created_at?: string
          customer_id?: string
          description?: string
          designer_id?: string | null
          hidden_at?: string | null
          id?: string
          items_total?: number
          latitude?: number | null
          location?: string
          longitude?: number | null
          place_id?: string | null
          portfolio_consent?: boolean
          portfolio_show_costs?: boolean
          preferred_style?: string | null
          space_size?: number
          status?: Database["public"]["Enums"]["project_status"]
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "projects_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "projects_designer_id_fkey"
            columns: ["designer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "projects_place_id_fkey"
            columns: ["place_id"]
            isOneToOne: false
            referencedRelation: "places"
            referencedColumns: ["id"]
          },
        ]
      }
      push_subscriptions: {
        Row: {
          auth: string
          created_at: string
          endpoint: string
          id: string
          last_used_at: string | null
          p256dh: string
          user_agent: string | null
          user_id: string
        }
        Insert: {
          auth: string
          created_at?: string
          endpoint: string
          id?: string
          last_used_at?: string | null
          p256dh: string
          user_agent?: string | null
          user_id?: string
        }
        Update: {
          auth?: string
          created_at?: string
          endpoint?: string
          id?: string
          last_used_at?: string | null
          p256dh?: string
          user_agent?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "push_subscriptions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      reports: {
        Row: {
          created_at: string
          details: string | null
          id: string
          reason: Database["public"]["Enums"]["report_reason"]
          reporter_id: string
          resolved_at: string | null
          resolved_by: string | null
          status: string
          subject_id: string
          subject_kind: Database["public"]["Enums"]["report_subject"]
          subject_user_id: string | null
        }
        Insert: {
          created_at?: string
          details?: string | null
          id?: string
          reason: Database["public"]["Enums"]["report_reason"]
          reporter_id?: string
          resolved_at?: string | null
          resolved_by?: string | null
          status?: string
          subject_id: string
          subject_kind: Database["public"]["Enums"]["report_subject"]
          subject_user_id?: string | null
        }
        Update: {
          created_at?: string
          details?: string | null
          id?: string
          reason?: Database["public"]["Enums"]["report_reason"]
          reporter_id?: string
          resolved_at?: string | null
          resolved_by?: string | null
          status?: string
          subject_id?: string
          subject_kind?: Database["public"]["Enums"]["report_subject"]
          subject_user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "reports_reporter_id_fkey"
            columns: ["reporter_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reports_resolved_by_fkey"
            columns: ["resolved_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reports_subject_user_id_fkey"
            columns: ["subject_user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      reviews: {
        Row: {
          client_id: string
          client_name: string | null
          comment: string | null
          created_at: string
          designer_id: string
          hidden_at: string | null
          id: string
          project_id: string
          rating: number
        }
        Insert: {
          client_id: string
          client_name?: string | null
          comment?: string | null
          created_at?: string
          designer_id: string
          hidden_at?: string | null
          id?: string
          project_id: string
          rating?: number
        }
        Update: {
          client_id?: string
          client_name?: string | null
          comment?: string | null
          created_at?: string
          designer_id?: string
          hidden_at?: string | null
          id?: string
          project_id?: string
          rating?: number
        }
        Relationships: [
          {
            foreignKeyName: "reviews_client_id_fkey"
            columns: ["client_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reviews_designer_id_fkey"
            columns: ["designer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reviews_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: true
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      saved_designers: {
        Row: {
          created_at: string
          designer_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          designer_id: string
          user_id?: string
        }
        Update: {
          created_at?: string
          designer_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "saved_designers_designer_id_fkey"
            columns: ["designer_id"]
            isOneToOne: false
            referencedRelation: "designer_profiles"
            referencedColumns: ["user_id"]
          },
        ]
      }
      saved_items: {
        Row: {
          catalog_item_id: string
          created_at: string
          user_id: string
        }
        Insert: {
          catalog_item_id: string
          created_at?: string
          user_id?: string
        }
        Update: {
          catalog_item_id?: string
          created_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "saved_items_catalog_item_id_fkey"
            columns: ["catalog_item_id"]
            isOneToOne: false
            referencedRelation: "catalog_items"
            referencedColumns: ["id"]
          },
        ]
      }
      saved_searches: {
        Row: {
          category: string | null
          conditions: string[]
          created_at: string
          email: string
          id: string
          latitude: number | null
          longitude: number | null
          match_keys: string[] | null
          match_query: unknown
          match_reach: unknown
          max_price: number | null
          min_price: number | null
          name: string
          paused: boolean
          project_id: string | null
          updated_at: string
          user_id: string
          within_miles: number | null
          words: string | null
        }
        Insert: {
          category?: string | null
          conditions?: string[]
          created_at?: string
          email?: string
          id?: string
          latitude?: number | null
          longitude?: number | null
          match_keys?: never
          match_query?: never
          match_reach?: never
          max_price?: number | null
          min_price?: number | null
          name: string
          paused?: boolean
          project_id?: string | null
          updated_at?: string
          user_id?: string
          within_miles?: number | null
          words?: string | null
        }
        Update: {
          category?: string | null
          conditions?: string[]
          created_at?: string
          email?: string
          id?: string
          latitude?: number | null
          longitude?: number | null
          match_keys?: never
          match_query?: never
          match_reach?: never
          max_price?: number | null
          min_price?: number | null
          name?: string
          paused?: boolean
          project_id?: string | null
          updated_at?: string
          user_id?: string
          within_miles?: number | null
          words?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "saved_searches_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "saved_searches_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      seller_accounts: {
        Row: {
          account_id: string
          can_be_paid: boolean | null
          charges_enabled: boolean
          created_at: string
          details_submitted: boolean
          disabled_reason: string | null
          payouts_enabled: boolean
          provider: string
          requirements_due: string[]
          transfers_active: boolean
          updated_at: string
          user_id: string
        }
        Insert: {
          account_id: string
          can_be_paid?: never
          charges_enabled?: boolean
          created_at?: string
          details_submitted?: boolean
          disabled_reason?: string | null
          payouts_enabled?: boolean
          provider: string
          requirements_due?: string[]
          transfers_active?: boolean
          updated_at?: string
          user_id: string
        }
        Update: {
          account_id?: string
          can_be_paid?: never
          charges_enabled?: boolean
          created_at?: string
          details_submitted?: boolean
          disabled_reason?: string | null
          payouts_enabled?: boolean
          provider?: string
          requirements_due?: string[]
          transfers_active?: boolean
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "seller_accounts_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      subscriptions: {
        Row: {
          cancel_at_period_end: boolean
          created_at: string
          current_period_end: string | null
          id: string
          plan: Database["public"]["Enums"]["subscription_plan"]
          price_id: string | null
          product_id: string | null
          provider: string
          status: Database["public"]["Enums"]["subscription_status"]
          stripe_customer_id: string | null
          stripe_subscription_id: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          cancel_at_period_end?: boolean
          created_at?: string
          current_period_end?: string | null
          id?: string
          plan: Database["public"]["Enums"]["subscription_plan"]
          price_id?: string | null
          product_id?: string | null
          provider?: string
          status: Database["public"]["Enums"]["subscription_status"]
          stripe_customer_id?: string | null
          stripe_subscription_id?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          cancel_at_period_end?: boolean
          created_at?: string
          current_period_end?: string | null
          id?: string
          plan?: Database["public"]["Enums"]["subscription_plan"]
          price_id?: string | null
          product_id?: string | null
          provider?: string
          status?: Database["public"]["Enums"]["subscription_status"]
          stripe_customer_id?: string | null
          stripe_subscription_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "subscriptions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      user_roles: {
        Row: {
          created_at: string
          role: Database["public"]["Enums"]["app_role"]
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          role: Database["public"]["Enums"]["app_role"]
          updated_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          role?: Database["public"]["Enums"]["app_role"]
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_roles_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      verification_requests: {
        Row: {
          created_at: string
          decided_at: string | null
          decided_by: string | null
          designer_id: string
          document_paths: string[]
          documents_removed_at: string | null
          email_confirmed_at: string | null
          email_token_expires_at: string | null
          email_token_hash: string | null
          id: string
          kind: string
          method: string
          project_ids: string[]
          reason: string | null
          school_email: string | null
          status: string
        }
        Insert: {
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          designer_id?: string
          document_paths?: string[]
          documents_removed_at?: string | null
          email_confirmed_at?: string | null
          email_token_expires_at?: string | null
          email_token_hash?: string | null
          id?: string
          kind: string
          method: string
          project_ids?: string[]
          reason?: string | null
          school_email?: string | null
          status?: string
        }
        Update: {
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          designer_id?: string
          document_paths?: string[]
          documents_removed_at?: string | null
          email_confirmed_at?: string | null
          email_token_expires_at?: string | null
          email_token_hash?: string | null
          id?: string
          kind?: string
          method?: string
          project_ids?: string[]
          reason?: string | null
          school_email?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "verification_requests_decided_by_fkey"
            columns: ["decided_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "verification_requests_designer_id_fkey"
            columns: ["designer_id"]
            isOneToOne: false
            referencedRelation: "designer_profiles"
            referencedColumns: ["user_id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      accept_bid: {
        Args: { bid_id: string }
        Returns: {
          budget: number
          budget_type: Database["public"]["Enums"]["budget_type"]
          completed_at: string | null
          created_at: string
          customer_id: string
          description: string
          designer_id: string | null
          hidden_at: string | null
          id: string
          items_total: number
          latitude: number | null
          location: string
          longitude: number | null
          place_id: string | null
          portfolio_consent: boolean
          portfolio_show_costs: boolean
          preferred_style: string | null
          space_size: number
          status: Database["public"]["Enums"]["project_status"]
          title: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "projects"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      account_deletion_refusal: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
      add_catalog_item_to_project: {
        Args: { item_id: string; project_id: string }
        Returns: {
          added_by: string
          bought_at: string | null
          catalog_item_id: string | null
          cost: number
          created_at: string
          description: string | null
          id: string
          name: string
          order_id: string | null
          project_id: string
        }
        SetofOptions: {
          from: "*"
          to: "project_items"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      add_dispute_statement: {
        Args: { body: string; dispute_id: string; photos?: string[] }
        Returns: {
          author_id: string | null
          body: string
          created_at: string
          dispute_id: string
          id: string
          photos: string[]
          project_id: string
        }
        SetofOptions: {
          from: "*"
          to: "milestone_dispute_statements"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      add_order_problem_statement: {
        Args: { body: string; photos?: string[]; problem_id: string }
        Returns: {
          author_id: string | null
          author_role: string
          body: string
          created_at: string
          id: string
          order_id: string
          photos: string[]
          problem_id: string
        }
        SetofOptions: {
          from: "*"
          to: "order_problem_statements"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      approve_board_item: {
        Args: { proposal_id: string }
        Returns: {
          alternative_note: string | null
          catalog_item_id: string | null
          created_at: string
          customer_id: string
          decided_at: string | null
          decline_reason: string | null
          designer_id: string
          dimensions: string | null
          id: string
          kind: string
          link: string | null
          note: string | null
          photo: string | null
          price: number
          project_id: string
          project_item_id: string | null
          room: string
          status: string
          store: string | null
          title: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "board_proposals"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      ask_board_alternative: {
        Args: { note?: string; proposal_id: string }
        Returns: {
          alternative_note: string | null
          catalog_item_id: string | null
          created_at: string
          customer_id: string
          decided_at: string | null
          decline_reason: string | null
          designer_id: string
          dimensions: string | null
          id: string
          kind: string
          link: string | null
          note: string | null
          photo: string | null
          price: number
          project_id: string
          project_item_id: string | null
          room: string
          status: string
          store: string | null
          title: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "board_proposals"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      ask_pickup_reschedule: {
        Args: { order_id: string }
        Returns: {
          confirmed_at: string | null
          created_at: string
          ends_at: string
          id: string
          missed_by: string | null
          missed_reported_by: string | null
          order_id: string
          proposed_by: string | null
          proposer_role: string
          reminded_2h_at: string | null
          reminded_day_at: string | null
          starts_at: string
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "order_pickup_windows"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      billing_customer_get: { Args: { p_user_id: string }; Returns: Json }
      billing_customer_owner: {
        Args: { p_customer_id: string }
        Returns: string
      }
      billing_customer_save: {
        Args: { p_customer_id: string; p_user_id: string }
        Returns: string
      }
      block_state: { Args: { other_user: string }; Returns: string }
      blocked_people: {
        Args: { after_created_at?: string; page_size?: number }
        Returns: {
          blocked_at: string
          full_name: string
          user_id: string
        }[]
      }
      buy_now_quote: { Args: { item_id: string }; Returns: Json }
      catalog_item_distance: {
        Args: { item_id: string; near_lat: number; near_lng: number }
        Returns: number
      }
      claim_notification_mails: {
        Args: { batch?: number; hold_seconds?: number }
        Returns: {
          actor_name: string
          body: string
          created_at: string
          email: string
          folded_count: number
          folded_subjects: number
          id: string
          kind: string
          link: string
          mail_attempts: number
          project_id: string
          project_title: string
          recipient_name: string
          subject_title: string
          title: string
          unread_in_conversation: number
          user_id: string
        }[]
      }
      claim_notification_pushes: {
        Args: { batch?: number; hold_seconds?: number }
        Returns: {
          body: string
          created_at: string
          data: Json
          devices: Json
          id: string
          kind: string
          link: string
          project_id: string
          push_attempts: number
          title: string
          user_id: string
        }[]
      }
      confirm_pickup_window: {
        Args: { address?: string; directions?: string; window_id: string }
        Returns: {
          confirmed_at: string | null
          created_at: string
          ends_at: string
          id: string
          missed_by: string | null
          missed_reported_by: string | null
          order_id: string
          proposed_by: string | null
          proposer_role: string
          reminded_2h_at: string | null
          reminded_day_at: string | null
          starts_at: string
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "order_pickup_windows"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      confirm_school_email: { Args: { token: string }; Returns: Json }
      contact_email: { Args: { p_user: string }; Returns: string }
      decide_milestone_dispute: {
        Args: {
          dispute_id: string
          reason: string
          refund_amount: number
          release_amount: number
        }
        Returns: Json
      }
      decide_order_problem: {
        Args: {
          problem_id: string
          reason: string
          refund_amount: number
          release_amount: number
        }
        Returns: Json
      }
      decide_verification: {
        Args: { p_approve: boolean; p_reason: string; p_request: string }
        Returns: string
      }
      decline_board_item: {
        Args: { proposal_id: string; reason: string }
        Returns: {
          alternative_note: string | null
          catalog_item_id: string | null
          created_at: string
          customer_id: string
          decided_at: string | null
          decline_reason: string | null
          designer_id: string
          dimensions: string | null
          id: string
          kind: string
          link: string | null
          note: string | null
          photo: string | null
          price: number
          project_id: string
          project_item_id: string | null
          room: string
          status: string
          store: string | null
          title: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "board_proposals"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      delete_user: { Args: Record<PropertyKey, never>; Returns: undefined }
      designer_bids: {
        Args: {
          after_created_at?: string
          after_id?: string
          page_size?: number
        }
        Returns: {
          bid_amount: number
          can_open: boolean
          created_at: string
          estimated_days: number
          id: string
          project_id: string
          project_title: string
          status: Database["public"]["Enums"]["bid_status"]
        }[]
      }
      designer_earnings: { Args: Record<PropertyKey, never>; Returns: Json }
      end_user_sessions: { Args: { p_user: string }; Returns: number }
      finish_notification_mail: {
        Args: { error?: string; notification_id: string }
        Returns: undefined
      }
      finish_notification_push: {
        Args: {
          delivered?: string[]
          error?: string
          gone?: string[]
          notification_id: string
        }
        Returns: undefined
      }
      is_operator: { Args: Record<PropertyKey, never>; Returns: boolean }
      make_offer: {
        Args: { amount: number; item_id: string; note?: string }
        Returns: {
          amount: number
          buyer_id: string
          catalog_item_id: string
          counter_amount: number | null
          created_at: string
          expires_at: string
          id: string
          note: string | null
          reserved_until: string | null
          seller_id: string
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "offers"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      mark_conversation_read: {
        Args: { conversation_id: string; kind: string }
        Returns: {
          conversation_id: string
          kind: string
          last_read_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "conversation_reads"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      mark_notifications_read: { Args: { ids?: string[] }; Returns: number }
      mark_order_collected: {
        Args: { order_id: string }
        Returns: {
          amount: number
          buyer_id: string | null
          cancelled_at: string | null
          catalog_item_id: string | null
          charge_id: string | null
          checkout_expires_at: string
          checkout_session_id: string | null
          completed_at: string | null
          created_at: string
          currency: string
          frozen_at: string | null
          handed_over_at: string | null
          id: string
          item_photo_url: string | null
          item_title: string
          offer_id: string | null
          paid_at: string | null
          payment_intent_id: string | null
          payout: string
          provider: string
          ready_at: string | null
          refund_id: string | null
          refund_reason: string | null
          refunded_amount: number
          refunded_at: string | null
          refusal_photos: string[]
          refusal_reason: string | null
          refused_at: string | null
          release_at: string | null
          released_amount: number
          seller_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      milestone_chargeback_closed: {
        Args: { p_dispute_id: string; p_won: boolean }
        Returns: Json
      }
      milestone_chargeback_opened: {
        Args: {
          p_dispute_id: string
          p_payment_intent_id: string
          p_reason: string
        }
        Returns: Json
      }
      milestone_dispute_detail: { Args: { dispute_id: string }; Returns: Json }
      milestone_dispute_queue: {
        Args: {
          after_created_at?: string
          after_id?: string
          page_size?: number
        }
        Returns: {
          amount: number
          created_at: string
          customer_id: string
          customer_name: string
          designer_id: string
          designer_name: string
          held: number
          id: string
          kind: string
          milestone_id: string
          milestone_title: string
          opened_by_name: string
          outcome: string
          project_id: string
          project_title: string
          reason: string
          statements: number
          statements_due_at: string
          status: string
        }[]
      }
      milestone_for_payment: { Args: { p_payment_id: string }; Returns: Json }
      milestone_fund_open: {
        Args: { p_customer: string; p_milestone_id: string; p_provider: string }
        Returns: Json
      }
      milestone_mark_funded: {
        Args: {
          p_amount_cents: number
          p_charge_id: string
          p_currency: string
          p_payment_id: string
          p_payment_intent_id: string
        }
        Returns: Json
      }
      milestone_payment_expire: {
        Args: { p_payment_id: string }
        Returns: undefined
      }
      milestone_payment_note: {
        Args: { p_note: string; p_payment_id: string }
        Returns: undefined
      }
      milestone_payment_set_checkout: {
        Args: {
          p_expires_at: string
          p_payment_id: string
          p_session_id: string
        }
        Returns: undefined
      }
      milestone_payment_succeeded: {
        Args: { p_payment_id: string; p_provider_id: string }
        Returns: {
          amount: number
          charge_id: string | null
          checkout_expires_at: string | null
          checkout_session_id: string | null
          completed_at: string | null
          created_at: string
          currency: string
          id: string
          kind: string
          milestone_id: string
          note: string | null
          project_id: string
          provider: string
          provider_id: string | null
          reason: string
          retry_after: string | null
          source_payment_id: string | null
          status: string
        }
        SetofOptions: {
          from: "*"
          to: "milestone_payments"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      milestone_pending_settlements: {
        Args: { p_limit?: number }
        Returns: Json
      }
      milestone_refund_open: {
        Args: {
          p_amount: number
          p_designer: string
          p_milestone_id: string
          p_reason: string
        }
        Returns: Json
      }
      milestone_release: {
        Args: { p_customer: string; p_milestone_id: string }
        Returns: Json
      }
      milestones_auto_release: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      moderate: {
        Args: {
          p_action: string
          p_id: string
          p_kind: Database["public"]["Enums"]["report_subject"]
          p_reason: string
        }
        Returns: string
      }
      moderation_queue: {
        Args: {
          after_first_reported_at?: string
          after_subject_id?: string
          page_size?: number
        }
        Returns: {
          first_reported_at: string
          hidden: boolean
          last_reported_at: string
          reasons: Database["public"]["Enums"]["report_reason"][]
          report_count: number
          reporter_count: number
          subject_id: string
          subject_kind: Database["public"]["Enums"]["report_subject"]
          subject_label: string
          subject_user_id: string
          subject_user_name: string
        }[]
      }
      moderation_subject: {
        Args: {
          p_id: string
          p_kind: Database["public"]["Enums"]["report_subject"]
        }
        Returns: Json
      }
      nearby_catalog_items: {
        Args: {
          after_id?: string
          after_miles?: number
          item_category?: Database["public"]["Enums"]["catalog_category"]
          origin_latitude?: number
          origin_longitude?: number
          page_size?: number
          within_miles?: number
        }
        Returns: {
          category: Database["public"]["Enums"]["catalog_category"]
          condition: string
          created_at: string
          description: string
          designer_id: string
          dimensions: string
          distance_miles: number
          id: string
          image_url: string
          latitude: number
          location: string
          longitude: number
          place_id: string
          price: number
          title: string
        }[]
      }
      nearby_designers: {
        Args: {
          after_created_at?: string
          after_id?: string
          after_miles?: number
          near_only?: boolean
          origin_latitude?: number
          origin_longitude?: number
          page_size?: number
        }
        Returns: {
          base_rate: number
          bio: string
          created_at: string
          distance_miles: number
          experience_years: number
          full_name: string
          latitude: number
          location: string
          longitude: number
          place_id: string
          portfolio_url: string
          rate_per_item: number
          rate_per_sqft: number
          specialties: string[]
          user_id: string
          username: string
          verified: string
          within_reach: boolean
        }[]
      }
      nearest_place: {
        Args: { latitude: number; longitude: number }
        Returns: {
          id: string
          kind: string
          label: string
          latitude: number
          longitude: number
        }[]
      }
      offer_pickup_windows: {
        Args: {
          address?: string
          directions?: string
          order_id: string
          windows: Json
        }
        Returns: {
          confirmed_at: string | null
          created_at: string
          ends_at: string
          id: string
          missed_by: string | null
          missed_reported_by: string | null
          order_id: string
          proposed_by: string | null
          proposer_role: string
          reminded_2h_at: string | null
          reminded_day_at: string | null
          starts_at: string
          status: string
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "order_pickup_windows"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      open_milestone_dispute: {
        Args: { milestone_id: string; reason: string }
        Returns: {
          created_at: string
          decided_at: string | null
          decided_by: string | null
          decision_reason: string | null
          id: string
          kind: string
          milestone_id: string
          opened_by: string | null
          outcome: string | null
          project_id: string
          provider_dispute_id: string | null
          reason: string | null
          refund_amount: number | null
          release_amount: number | null
          statements_due_at: string
          status: string
        }
        SetofOptions: {
          from: "*"
          to: "milestone_disputes"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      open_project_count: {
        Args: { origin_latitude?: number; origin_longitude?: number }
        Returns: number
      }
      open_projects: {
        Args: {
          after_created_at?: string
          after_id?: string
          after_miles?: number
          origin_latitude?: number
          origin_longitude?: number
          page_size?: number
        }
        Returns: {
          budget: number
          budget_type: Database["public"]["Enums"]["budget_type"]
          completed_at: string
          created_at: string
          customer_id: string
          description: string
          designer_id: string
          distance_miles: number
          id: string
          items_total: number
          place_id: string
          place_label: string
          preferred_style: string
          space_size: number
          status: Database["public"]["Enums"]["project_status"]
          title: string
          updated_at: string
          within_reach: boolean
        }[]
      }
      order_cancel: {
        Args: { p_actor: string; p_order_id: string }
        Returns: Json
      }
      order_chargeback_closed: {
        Args: { p_dispute_id: string; p_won: boolean }
        Returns: Json
      }
      order_chargeback_opened: {
        Args: {
          p_dispute_id: string
          p_payment_intent_id: string
          p_reason: string
        }
        Returns: Json
      }
      order_collect: {
        Args: { p_buyer: string; p_order_id: string }
        Returns: Json
      }
      order_expire: { Args: { p_order_id: string }; Returns: undefined }
      order_for_payment_intent: {
        Args: { p_payment_intent_id: string }
        Returns: {
          amount: number
          buyer_id: string | null
          cancelled_at: string | null
          catalog_item_id: string | null
          charge_id: string | null
          checkout_expires_at: string
          checkout_session_id: string | null
          completed_at: string | null
          created_at: string
          currency: string
          frozen_at: string | null
          handed_over_at: string | null
          id: string
          item_photo_url: string | null
          item_title: string
          offer_id: string | null
          paid_at: string | null
          payment_intent_id: string | null
          payout: string
          provider: string
          ready_at: string | null
          refund_id: string | null
          refund_reason: string | null
          refunded_amount: number
          refunded_at: string | null
          refusal_photos: string[]
          refusal_reason: string | null
          refused_at: string | null
          release_at: string | null
          released_amount: number
          seller_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      order_mark_paid: {
        Args: {
          p_charge_id?: string
          p_order_id: string
          p_payment_intent_id: string
        }
        Returns: Json
      }
      order_mark_refunded: {
        Args: { p_order_id: string; p_reason: string; p_refund_id: string }
        Returns: {
          amount: number
          buyer_id: string | null
          cancelled_at: string | null
          catalog_item_id: string | null
          charge_id: string | null
          checkout_expires_at: string
          checkout_session_id: string | null
          completed_at: string | null
          created_at: string
          currency: string
          frozen_at: string | null
          handed_over_at: string | null
          id: string
          item_photo_url: string | null
          item_title: string
          offer_id: string | null
          paid_at: string | null
          payment_intent_id: string | null
          payout: string
          provider: string
          ready_at: string | null
          refund_id: string | null
          refund_reason: string | null
          refunded_amount: number
          refunded_at: string | null
          refusal_photos: string[]
          refusal_reason: string | null
          refused_at: string | null
          release_at: string | null
          released_amount: number
          seller_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      order_open: {
        Args: { p_buyer: string; p_item_id: string; p_provider: string }
        Returns: Json
      }
      order_payment_note: {
        Args: { p_note: string; p_payment_id: string }
        Returns: undefined
      }
      order_payment_succeeded: {
        Args: { p_payment_id: string; p_provider_id: string }
        Returns: {
          amount: number
          completed_at: string | null
          created_at: string
          currency: string
          id: string
          kind: string
          note: string | null
          order_id: string
          provider: string
          provider_id: string | null
          reason: string
          retry_after: string | null
          status: string
        }
        SetofOptions: {
          from: "*"
          to: "order_payments"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      order_pending_settlements: { Args: { p_limit?: number }; Returns: Json }
      order_problem_detail: { Args: { problem_id: string }; Returns: Json }
      order_problem_queue: {
        Args: {
          after_created_at?: string
          after_id?: string
          page_size?: number
        }
        Returns: {
          amount: number
          buyer_id: string
          buyer_name: string
          created_at: string
          held: number
          id: string
          item_title: string
          kind: string
          order_id: string
          outcome: string
          reason: string
          seller_id: string
          seller_name: string
          statements: number
          statements_due_at: string
          status: string
        }[]
      }
      order_refuse: {
        Args: {
          p_buyer: string
          p_order_id: string
          p_photos: string[]
          p_reason: string
        }
        Returns: Json
      }
      order_set_checkout: {
        Args: { p_expires_at: string; p_order_id: string; p_session_id: string }
        Returns: undefined
      }
      orders_settle_due: { Args: Record<PropertyKey, never>; Returns: Json }
      portfolio_projects: {
        Args: {
          after_completed_at?: string
          after_id?: string
          designer_id: string
          page_size?: number
        }
        Returns: {
          budget: number
          budget_type: Database["public"]["Enums"]["budget_type"]
          completed_at: string
          costs_public: boolean
          description: string
          id: string
          is_public: boolean
          items_total: number
          place: string
          preferred_style: string
          space_size: number
          title: string
        }[]
      }
      project_access: { Args: { project_id: string }; Returns: string }
      project_locations: {
        Args: { p_projects: string[] }
        Returns: {
          id: string
          location: string
        }[]
      }
      propose_board_item: {
        Args: {
          catalog_item_id?: string
          dimensions?: string
          link?: string
          note?: string
          photo?: string
          price?: number
          project_id: string
          room: string
          store?: string
          title?: string
        }
        Returns: {
          alternative_note: string | null
          catalog_item_id: string | null
          created_at: string
          customer_id: string
          decided_at: string | null
          decline_reason: string | null
          designer_id: string
          dimensions: string | null
          id: string
          kind: string
          link: string | null
          note: string | null
          photo: string | null
          price: number
          project_id: string
          project_item_id: string | null
          room: string
          status: string
          store: string | null
          title: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "board_proposals"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      reinstate_account: {
        Args: { p_reason: string; p_user: string }
        Returns: string
      }
      report_order_problem: {
        Args: { order_id: string; photos?: string[]; reason: string }
        Returns: {
          created_at: string
          decided_at: string | null
          decided_by: string | null
          decision_reason: string | null
          id: string
          kind: string
          opened_by: string | null
          order_id: string
          outcome: string | null
          provider_dispute_id: string | null
          reason: string | null
          refund_amount: number | null
          release_amount: number | null
          statements_due_at: string
          status: string
        }
        SetofOptions: {
          from: "*"
          to: "order_problems"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      report_pickup_no_show: {
        Args: { window_id: string }
        Returns: {
          confirmed_at: string | null
          created_at: string
          ends_at: string
          id: string
          missed_by: string | null
          missed_reported_by: string | null
          order_id: string
          proposed_by: string | null
          proposer_role: string
          reminded_2h_at: string | null
          reminded_day_at: string | null
          starts_at: string
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "order_pickup_windows"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      request_milestone_cancel: {
        Args: { milestone_id: string }
        Returns: {
          amount: number
          auto_release_at: string | null
          bid_id: string | null
          cancel_requested_at: string | null
          changes_note: string | null
          changes_requested_at: string | null
          charge_id: string | null
          created_at: string
          customer_id: string | null
          designer_id: string | null
          frozen_at: string | null
          funded_at: string | null
          id: string
          payment_intent_id: string | null
          position: number
          project_id: string
          provider: string | null
          refunded_amount: number
          released_amount: number
          released_at: string | null
          reminded_1d_at: string | null
          reminded_3d_at: string | null
          status: Database["public"]["Enums"]["milestone_status"]
          submission_note: string | null
          submission_photos: string[]
          submitted_at: string | null
          title: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "project_milestones"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      request_milestone_changes: {
        Args: { milestone_id: string; note: string }
        Returns: {
          amount: number
          auto_release_at: string | null
          bid_id: string | null
          cancel_requested_at: string | null
          changes_note: string | null
          changes_requested_at: string | null
          charge_id: string | null
          created_at: string
          customer_id: string | null
          designer_id: string | null
          frozen_at: string | null
          funded_at: string | null
          id: string
          payment_intent_id: string | null
          position: number
          project_id: string
          provider: string | null
          refunded_amount: number
          released_amount: number
          released_at: string | null
          reminded_1d_at: string | null
          reminded_3d_at: string | null
          status: Database["public"]["Enums"]["milestone_status"]
          submission_note: string | null
          submission_photos: string[]
          submitted_at: string | null
          title: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "project_milestones"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      respond_to_counter: {
        Args: { action: string; offer_id: string }
        Returns: {
          amount: number
          buyer_id: string
          catalog_item_id: string
          counter_amount: number | null
          created_at: string
          expires_at: string
          id: string
          note: string | null
          reserved_until: string | null
          seller_id: string
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "offers"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      respond_to_offer: {
        Args: { action: string; counter_amount?: number; offer_id: string }
        Returns: {
          amount: number
          buyer_id: string
          catalog_item_id: string
          counter_amount: number | null
          created_at: string
          expires_at: string
          id: string
          note: string | null
          reserved_until: string | null
          seller_id: string
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "offers"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      sandbox_session_act: {
        Args: { p_action: string; p_session_id: string; p_user_id: string }
        Returns: Json
      }
      sandbox_session_get: {
        Args: { p_session_id: string; p_user_id: string }
        Returns: Json
      }
      sandbox_session_open: {
        Args: {
          p_cancel_url: string
          p_kind: string
          p_plan: Database["public"]["Enums"]["subscription_plan"]
          p_price_id: string
          p_return_url: string
          p_user_id: string
        }
        Returns: string
      }
      save_search: {
        Args: {
          category: string
          conditions: string[]
          email: string
          max_price: number
          min_price: number
          name: string
          project_id?: string
          within_miles: number
          words: string
        }
        Returns: {
          category: string | null
          conditions: string[]
          created_at: string
          email: string
          id: string
          latitude: number | null
          longitude: number | null
          match_keys: string[] | null
          match_query: unknown
          match_reach: unknown
          max_price: number | null
          min_price: number | null
          name: string
          paused: boolean
          project_id: string | null
          updated_at: string
          user_id: string
          within_miles: number | null
          words: string | null
        }
        SetofOptions: {
          from: "*"
          to: "saved_searches"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      search_catalog_items: {
        Args: {
          after_id?: string
          after_sort_key?: string
          category?: Database["public"]["Enums"]["catalog_category"]
          conditions?: string[]
          max_price?: number
          min_price?: number
          near_lat?: number
          near_lng?: number
          page_size?: number
          q?: string
          sort?: string
          within_miles?: number
        }
        Returns: Database["public"]["CompositeTypes"]["catalog_search_result"][]
        SetofOptions: {
          from: "*"
          to: "catalog_search_result"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_designers: {
        Args: {
          after?: Json
          max_rate?: number
          min_rate?: number
          min_rating?: number
          near_only?: boolean
          origin_latitude?: number
          origin_longitude?: number
          page_size?: number
          sort?: string
          style?: string
          verified_only?: boolean
          within_miles?: number
        }
        Returns: {
          base_rate: number
          bio: string
          created_at: string
          distance_miles: number
          experience_years: number
          full_name: string
          location: string
          place_id: string
          portfolio_url: string
          rate_per_item: number
          rate_per_sqft: number
          rating: number
          review_count: number
          specialties: string[]
          user_id: string
          username: string
          verified: string
          within_reach: boolean
        }[]
      }
      search_places: {
        Args: { max_results?: number; query: string }
        Returns: {
          id: string
          kind: string
          label: string
          latitude: number
          longitude: number
        }[]
      }
      seller_account_get: {
        Args: { p_user_id: string }
        Returns: {
          account_id: string
          can_be_paid: boolean | null
          charges_enabled: boolean
          created_at: string
          details_submitted: boolean
          disabled_reason: string | null
          payouts_enabled: boolean
          provider: string
          requirements_due: string[]
          transfers_active: boolean
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "seller_accounts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      seller_account_save: {
        Args: { p_account_id: string; p_provider: string; p_user_id: string }
        Returns: {
          account_id: string
          can_be_paid: boolean | null
          charges_enabled: boolean
          created_at: string
          details_submitted: boolean
          disabled_reason: string | null
          payouts_enabled: boolean
          provider: string
          requirements_due: string[]
          transfers_active: boolean
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "seller_accounts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      seller_account_update: {
        Args: {
          p_account_id: string
          p_charges_enabled: boolean
          p_details_submitted: boolean
          p_disabled_reason: string
          p_payouts_enabled: boolean
          p_requirements_due: string[]
          p_transfers_active: boolean
        }
        Returns: {
          account_id: string
          can_be_paid: boolean | null
          charges_enabled: boolean
          created_at: string
          details_submitted: boolean
          disabled_reason: string | null
          payouts_enabled: boolean
          provider: string
          requirements_due: string[]
          transfers_active: boolean
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "seller_accounts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      start_listing_conversation: {
        Args: { item_id: string }
        Returns: {
          buyer_id: string
          catalog_item_id: string
          created_at: string
          id: string
          last_message_at: string | null
          seller_id: string
        }
        SetofOptions: {
          from: "*"
          to: "listing_conversations"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      start_school_email_verification: {
        Args: { p_designer: string; p_email: string }
        Returns: {
          expires_at: string
          request_id: string
          token: string
        }[]
      }
      stripe_event_claim: {
        Args: { p_event_id: string; p_type: string }
        Returns: boolean
      }
      stripe_event_release: { Args: { p_event_id: string }; Returns: undefined }
      submit_milestone: {
        Args: { milestone_id: string; note: string; photos?: string[] }
        Returns: {
          amount: number
          auto_release_at: string | null
          bid_id: string | null
          cancel_requested_at: string | null
          changes_note: string | null
          changes_requested_at: string | null
          charge_id: string | null
          created_at: string
          customer_id: string | null
          designer_id: string | null
          frozen_at: string | null
          funded_at: string | null
          id: string
          payment_intent_id: string | null
          position: number
          project_id: string
          provider: string | null
          refunded_amount: number
          released_amount: number
          released_at: string | null
          reminded_1d_at: string | null
          reminded_3d_at: string | null
          status: Database["public"]["Enums"]["milestone_status"]
          submission_note: string | null
          submission_photos: string[]
          submitted_at: string | null
          title: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "project_milestones"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      suspend_account: {
        Args: {
          p_reason: string
          p_subject_id?: string
          p_subject_kind?: Database["public"]["Enums"]["report_subject"]
          p_user: string
        }
        Returns: string
      }
      switch_account_type: {
        Args: { new_role: Database["public"]["Enums"]["app_role"] }
        Returns: Database["public"]["Enums"]["app_role"]
      }
      take_function_rate: {
        Args: { action: string; user_id: string }
        Returns: undefined
      }
      unread_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          conversation_id: string
          kind: string
          unread: number
        }[]
      }
      unread_notification_count: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      withdraw_board_item: {
        Args: { proposal_id: string }
        Returns: {
          alternative_note: string | null
          catalog_item_id: string | null
          created_at: string
          customer_id: string
          decided_at: string | null
          decline_reason: string | null
          designer_id: string
          dimensions: string | null
          id: string
          kind: string
          link: string | null
          note: string | null
          photo: string | null
          price: number
          project_id: string
          project_item_id: string | null
          room: string
          status: string
          store: string | null
          title: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "board_proposals"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      withdraw_offer: {
        Args: { offer_id: string }
        Returns: {
          amount: number
          buyer_id: string
          catalog_item_id: string
          counter_amount: number | null
          created_at: string
          expires_at: string
          id: string
          note: string | null
          reserved_until: string | null
          seller_id: string
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "offers"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      withdraw_verification: {
        Args: Record<PropertyKey, never>
        Returns: undefined
      }
    }
    Enums: {
      app_role: "customer" | "designer"
      bid_status: "pending" | "accepted" | "rejected"
      budget_type: "soft" | "hard"
      catalog_category:
        | "couch"
        | "chair"
        | "table"
        | "desk"
        | "bed"
        | "dresser"
        | "cabinet"
        | "lighting"
        | "decor"
        | "other"
      milestone_status:
        | "not_funded"
        | "funded"
        | "submitted"
        | "changes_requested"
        | "released"
        | "refunded"
        | "disputed"
      nudge_status: "pending" | "accepted" | "declined"
      project_status: "pending" | "active" | "completed"
      report_reason:
        | "scam"
        | "offensive"
        | "not_as_described"
        | "prohibited"
        | "spam"
        | "danger"
        | "other"
      report_subject:
        | "person"
        | "piece"
        | "project_message"
        | "piece_message"
        | "review"
        | "project"
      subscription_plan: "client" | "designer"
      subscription_status:
        | "incomplete"
        | "incomplete_expired"
        | "trialing"
        | "active"
        | "past_due"
        | "canceled"
        | "unpaid"
        | "paused"
    }
    CompositeTypes: {
      catalog_search_result: {
        id: string | null
        title: string | null
        price: number | null
        category: Database["public"]["Enums"]["catalog_category"] | null
        condition: string | null
        photo_urls: string[] | null
        image_url: string | null
        location: string | null
        created_at: string | null
        status: string | null
        reserved_until: string | null
        held_until: string | null
        designer_id: string | null
        seller_name: string | null
        seller_avatar_url: string | null
        distance_miles: number | null
        sort_key: string | null
      }
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      app_role: ["customer", "designer"],
      bid_status: ["pending", "accepted", "rejected"],
      budget_type: ["soft", "hard"],
      catalog_category: [
        "couch",
        "chair",
        "table",
        "desk",
        "bed",
        "dresser",
        "cabinet",
        "lighting",
        "decor",
        "other",
      ],
      milestone_status: [
        "not_funded",
        "funded",
        "submitted",
        "changes_requested",
        "released",
        "refunded",
        "disputed",
      ],
      nudge_status: ["pending", "accepted", "declined"],
      project_status: ["pending", "active", "completed"],
      report_reason: [
        "scam",
        "offensive",
        "not_as_described",
        "prohibited",
        "spam",
        "danger",
        "other",
      ],
      report_subject: [
        "person",
        "piece",
        "project_message",
        "piece_message",
        "review",
        "project",
      ],
      subscription_plan: ["client", "designer"],
      subscription_status: [
        "incomplete",
        "incomplete_expired",
        "trialing",
        "active",
        "past_due",
        "canceled",
        "unpaid",
        "paused",
      ],
    },
  },
} as const
