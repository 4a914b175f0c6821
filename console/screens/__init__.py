"""The console's screens: one presenter per screen (beside its ``.kv`` in ``console/kv``), on
one :class:`~console.screens.router.Router` and one :class:`~console.screens.store.Store`.
:class:`console.presenter.LeaderPresenter` puts them together."""
